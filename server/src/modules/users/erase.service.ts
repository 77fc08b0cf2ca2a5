import { eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { TErasureLine, TErasureResponse } from '@filialportal/core/erasure';
import type { RetentionSettings } from '@filialportal/core/retention';
import type { Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import { audit, forgetPersonKey } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import type { ErasedPerson, ErasureLines } from '../../platform/erasure.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { countOf } from '../../platform/erasure.ts';
import { personColumns, type PersonColumn } from '../../platform/personal-data.ts';
import { deleteFiles } from '../../platform/uploads.ts';
import { getRetention } from '../global-settings/index.ts';
import { guardErase } from './users-admin.service.ts';
import { users } from './users.table.ts';

/** HR erases a person who left; Admin passes every role rule. */
export const ERASERS = ['Personalleitung'] as const;

/**
 * What the database's foreign keys do with each table's rows of the person, in German for the
 * confirm: cascade deletes them, set null keeps them without the person. A table that gains a
 * reference to people needs a line here (a test checks every one has).
 */
export const PERSON_TABLES: Record<string, string> = {
  absences: 'Urlaub und Krankmeldungen anderer, die die Person eingetragen oder entschieden hat',
  blocked_periods: 'Urlaubssperren, die die Person angelegt hat',
  advertisings: 'Werbung, die die Person angelegt hat',
  calendar_entries: 'Einträge im Anwesenheitskalender',
  calendar_feeds: 'Kalender-Abos',
  claims: 'Beanstandungen, die die Person angelegt hat',
  comments: 'Kommentare (ohne Namen)',
  contingents: 'Urlaubskontingente',
  likes: 'Gefällt-mir-Angaben',
  location_infos: 'Standortinfos, die die Person geändert hat',
  login_log: 'Login-Verlauf',
  news: 'Neuigkeiten, die die Person geschrieben hat',
  news_confirmations: 'Lesebestätigungen',
  notification_outbox: 'Noch nicht versandte Benachrichtigungen',
  notification_preferences: 'Benachrichtigungseinstellungen',
  notifications: 'Benachrichtigungen',
  password_resets: 'Links zum Zurücksetzen des Passworts',
  passkeys: 'Passkeys',
  push_subscriptions: 'Push-Abos der Geräte',
  recovery_codes: 'Wiederherstellungscodes',
  seen_markers: 'Gelesen-Markierungen',
  sessions: 'Sitzungen',
  sign_in_steps: 'Offene Anmeldeschritte',
  special_appointments: 'Sondertermine, die die Person geändert hat',
  sso_identities: 'Verknüpfungen mit dem Firmenkonto',
  task_assignments: 'Aufgaben an die Person',
  tasks: 'Aufgaben, die die Person gestellt hat',
  totp_factors: 'Zweiter Faktor (Authenticator-App)',
  training_registrations: 'Anmeldungen zu Veranstaltungen',
  training_valuations: 'Bewertungen von Veranstaltungen (ohne Namen)',
  trainings: 'Veranstaltungen, die die Person angelegt oder betreut hat',
  vacation_deputies: 'Vertretungen',
};

/** Columns whose rows a module's erasure part describes and handles itself (platform/erasure.ts). */
const OWN_PARTS = new Set(['absences.user_id', 'login_log.user_id']);

/** The foreign keys to people, except the columns a module's part handles itself. */
async function foreignKeys(db: Db): Promise<Required<PersonColumn>[]> {
  const columns = await personColumns(db);
  return columns.filter((c): c is Required<PersonColumn> => !!c.onDelete && !OWN_PARTS.has(`${c.table}.${c.column}`));
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** What the foreign keys will do: each table's rows of the person, one line per table and rule. */
async function foreignKeyLines(db: Db, id: string): Promise<ErasureLines> {
  const groups = new Map<string, Required<PersonColumn>[]>();
  for (const fk of await foreignKeys(db)) groups.set(`${fk.table}/${fk.onDelete}`, [...(groups.get(`${fk.table}/${fk.onDelete}`) ?? []), fk]);
  const lines: ErasureLines = { deleted: [], kept: [] };
  for (const fks of groups.values()) {
    const { table, onDelete } = fks[0]!;
    const where = sql.join(
      fks.map((fk) => sql`${ident(fk.column)} = ${id}::uuid`),
      sql` or `,
    );
    const count = await countOf(db, sql`select count(*)::int as n from ${ident(table)} where ${where}`);
    const label = PERSON_TABLES[table] ?? table;
    if (onDelete === 'c') lines.deleted.push({ label, count });
    else lines.kept.push({ label: `${label} (ohne die Person)`, count, until: null });
  }
  return lines;
}


async function lines(deps: ServiceDeps<'db' | 'erasure'>, person: ErasedPerson & { avatarFileId: string | null }, periods: RetentionSettings) {
  const { db } = deps;
  const own: TErasureLine[] = [
    { label: 'Benutzerkonto mit Name, E-Mail, Telefon und Personalnummer', count: 1 },
    // Files the person uploaded to shared records stay with those records.
    { label: 'Profilbild', count: person.avatarFileId ? 1 : 0 },
  ];
  const all: ErasureLines = { deleted: own, kept: [] };
  const add = (more: ErasureLines) => {
    all.deleted.push(...more.deleted);
    all.kept.push(...more.kept);
  };
  for (const part of deps.erasure.parts) add(await part.preview(db, person, periods));
  add(await foreignKeyLines(db, person.id));
  all.kept.push({ label: 'Einträge im Protokoll (Werte über die Person unlesbar)', count: await auditCount(db, person.id), until: null });
  return { deleted: all.deleted.filter((l) => l.count > 0), kept: all.kept.filter((l) => l.count > 0) };
}

const auditCount = (db: Db, id: string) => countOf(db, sql`select count(*)::int as n from audit_log where actor_id = ${id}::uuid or subject_id = ${id}::uuid`);

const personOf = (p: { id: string; firstName: string; lastName: string; active: boolean }) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, active: p.active });

/** GET /user/{id}/erase: what erasing the person would delete and what it would keep. */
export async function erasePreview(deps: ServiceDeps<'db' | 'erasure'>, actor: Actor, id: string): Promise<TErasureResponse> {
  const person = await guardErase(deps, actor, id);
  const { retention } = await getRetention(deps);
  return { person: personOf(person), ...(await lines(deps, person, retention)), erased: false };
}

/**
 * POST /user/{id}/erase: erases a person who left, in one transaction — each module's part, the
 * person's row (the foreign keys delete or unlink the rest), the key that opens their values in
 * the trail — then their files. Answers with what it did, as the preview counted it.
 */
export async function erasePerson(deps: ServiceDeps<'db' | 'storage' | 'erasure'>, actor: Actor, id: string): Promise<TErasureResponse> {
  const { db, storage } = deps;
  const person = await guardErase(deps, actor, id);
  if (person.active) throw badRequest(MSG.eraseActive, 'erase_active');
  const { retention } = await getRetention(deps);
  const done = await lines(deps, person, retention);
  const fileIds = await db.transaction(async (tx) => {
    // Two erasures at once: the second waits here and finds no one (404), nothing is done twice.
    const [still] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!still) throw notFound();
    const ids: (string | null)[] = [person.avatarFileId];
    for (const part of deps.erasure.parts) ids.push(...(await part.erase(tx, person, retention)));
    // Files the person uploaded to shared records stay with them, without the uploader.
    await tx.update(files).set({ createdBy: null }).where(eq(files.createdBy, id));
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, actor, { entity: 'user', id, action: 'erase', after: { deleted: done.deleted.length, kept: done.kept.length } });
    await forgetPersonKey(tx, id);
    return ids;
  });
  await forgetActors(db);
  await deleteFiles(db, storage, fileIds);
  return { person: personOf(person), ...done, erased: true };
}
