import { asc, eq, sql } from 'drizzle-orm';
import { retentionOf, type RetentionSettings } from '@filialportal/core/retention';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { TODAY_IN_DATABASE } from '../../platform/dates.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { globalSettings } from './global-settings.table.ts';

const toDto = (row: typeof globalSettings.$inferSelect) => ({ id: row.id, sortimentSheetUrl: row.sortimentSheetUrl, carryOverExpiry: row.carryOverExpiry });

/** GET /globalsettings: the one settings row (the migrations create it; a read never writes). */
export async function getGlobalSettings({ db }: ServiceDeps<'db'>) {
  const [row] = await settingsRow(db);
  if (!row) throw notFound();
  return { globalSettings: toDto(row) };
}

export async function saveGlobalSettings({ db }: ServiceDeps<'db'>, actor: Actor, input: { id: string; globalSettings: { sortimentSheetUrl: string } | { carryOverExpiry: string } }) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(globalSettings).where(eq(globalSettings.id, input.id)).for('update');
    if (!before) throw notFound();
    const [saved] = await tx.update(globalSettings).set(input.globalSettings).where(eq(globalSettings.id, input.id)).returning();
    await audit(tx, actor, { entity: 'settings', id: input.id, action: 'update', before: pick(before, input.globalSettings), after: input.globalSettings });
    return saved!;
  });
  return { globalSettings: toDto(row) };
}

const pick = (row: object, like: object) => Object.fromEntries(Object.keys(like).map((k) => [k, (row as Record<string, unknown>)[k]]));

/** The one settings row, read first (the migrations create it). */
const settingsRow = (db: Db) => db.select().from(globalSettings).orderBy(asc(globalSettings.createdAt)).limit(1);

/** GET /globalsettings/retention: every kind's period in days, defaults filled in. */
export async function getRetention({ db }: ServiceDeps<'db'>): Promise<{ retention: RetentionSettings }> {
  const [row] = await settingsRow(db);
  return { retention: retentionOf(row?.retention) };
}

/** PUT /globalsettings/retention: the periods; the audit trail's trigger reads auditDays from here. */
export async function saveRetention({ db }: ServiceDeps<'db'>, actor: Actor, retention: RetentionSettings): Promise<{ retention: RetentionSettings }> {
  return db.transaction(async (tx) => {
    const [row] = await settingsRow(tx).for('update');
    if (!row) throw notFound();
    await tx.update(globalSettings).set({ retention }).where(eq(globalSettings.id, row.id));
    await audit(tx, actor, { entity: 'retention', id: row.id, action: 'update', before: retentionOf(row.retention), after: retention });
    return { retention };
  });
}

/**
 * The daily retention run, once across instances: every instance asks each hour, and the one
 * whose update marks today's Berlin date runs it; the others find the day taken.
 */
export async function runRetentionOnce(deps: ServiceDeps<'db' | 'storage' | 'retention' | 'log'>): Promise<boolean> {
  const { db } = deps;
  const today = TODAY_IN_DATABASE;
  const [claimed] = await db
    .update(globalSettings)
    .set({ retentionRanOn: today })
    .where(sql`${globalSettings.retentionRanOn} is distinct from ${today}`)
    .returning({ retention: globalSettings.retention });
  if (!claimed) return false;
  const removed = await deps.retention.run(deps, retentionOf(claimed.retention));
  deps.log.info({ removed }, 'Aufbewahrungsfristen angewandt');
  return true;
}
