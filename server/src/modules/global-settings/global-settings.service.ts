import { asc, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { globalSettings } from './global-settings.table.ts';

const toDto = (row: typeof globalSettings.$inferSelect) => ({ id: row.id, sortimentSheetUrl: row.sortimentSheetUrl, carryOverExpiry: row.carryOverExpiry });

/** GET /globalsettings: the one settings row (the migrations create it; a read never writes). */
export async function getGlobalSettings({ db }: ServiceDeps<'db'>) {
  const [row] = await db.select().from(globalSettings).orderBy(asc(globalSettings.createdAt)).limit(1);
  if (!row) throw notFound();
  return { globalSettings: toDto(row) };
}

export async function saveGlobalSettings({ db }: ServiceDeps<'db'>, input: { id: string; globalSettings: { sortimentSheetUrl: string } | { carryOverExpiry: string } }) {
  const [row] = await db.update(globalSettings).set(input.globalSettings).where(eq(globalSettings.id, input.id)).returning();
  if (!row) throw notFound();
  return { globalSettings: toDto(row) };
}
