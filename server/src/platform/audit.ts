import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntity } from '@filialportal/core/audit';
import type { Actor } from './access.ts';
import { auditLog, personKeys } from './audit.table.ts';
import type { Db } from './db.ts';

/**
 * The audit trail: every change that matters, written with the change in the same transaction
 * (pass the transaction as `db`), and every read of health data. Who (the actor's id), from where
 * (the request's address), what (entity and id) and the changed fields before and after.
 *
 * Values of a person's record (its `subject`) are sealed with that person's key (AES-256-GCM),
 * created on first use; erasing the person deletes the key and with it every value the trail
 * holds about them, while the trail itself stays unchanged (docs/decisions/datenschutz-protokoll.md).
 */

export interface AuditRecord {
  entity: AuditEntity;
  id: string;
  action: AuditAction;
  /** The person the record concerns: their key seals the changes. */
  subject?: string | null;
  /** The record before and after (whole rows may be passed; only differing fields are kept). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who acts: a person in a request, or the portal's own job (null). */
export type AuditActor = Pick<Actor, 'userId' | 'ip'> | null;

/**
 * Fields never written to the trail, whatever record they are part of: secrets, file references
 * and bookkeeping. A change of password shows as `passwordChanged: true`, never as a value.
 */
const SECRET = /^(password|passwordHash|.*Hash|token|.*Token|secret|.*Secret|otp|recoveryCodes|key|.*Key|challenge|.*Credential.*|.*FileId|search|createdAt|updatedAt)$/;

/**
 * The fields that differ between before and after, secrets left out. A creation lists the new
 * values, a deletion the old ones; dates as ISO text so the comparison and the JSON agree.
 */
export function changedFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): AuditChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (SECRET.test(field)) continue;
    const b = plain(before?.[field]);
    const a = plain(after?.[field]);
    if (JSON.stringify(b) !== JSON.stringify(a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v instanceof Set ? [...v] : v === undefined ? null : v);

/** An entry ready to be written: its changes sealed with the subject's key where there is one. */
export interface AuditEntry {
  base: { actorId: string | null; ip: string; entity: string; action: string; subjectId: string | null };
  changes: AuditChange[] | null;
  sealed: Buffer | null;
}

/**
 * Prepares an entry without writing it, for a change that writes itself in one statement
 * (`auditInsert`): no transaction around two statements. Creates the subject's key on first use;
 * null when an update changed nothing recordable (such an update is no event of the trail).
 */
export async function auditEntry(db: Db, actor: AuditActor, record: Omit<AuditRecord, 'id'>): Promise<AuditEntry | null> {
  const changes = record.before || record.after ? changedFields(record.before, record.after) : null;
  if (record.action === 'update' && changes && !changes.length) return null;
  const subject = record.subject ?? null;
  const base = { actorId: actor?.userId ?? null, ip: actor?.ip ?? '', entity: record.entity, action: record.action, subjectId: subject };
  if (!subject || !changes) return { base, changes, sealed: null };
  return { base, changes: null, sealed: seal(await personKey(db, subject), changes) };
}

/**
 * The INSERT of a prepared entry, for a CTE of the change it records: one row for each id that
 * `ids` (SQL returning one column, e.g. a CTE's `returning id`) yields, none when it yields none.
 */
export function auditInsert(entry: AuditEntry, ids: SQL): SQL {
  const { base } = entry;
  return sql`insert into ${auditLog} (actor_id, ip, entity, entity_id, action, subject_id, changes, sealed)
    select ${base.actorId}::uuid, ${base.ip}, ${base.entity}, s.id::text, ${base.action}, ${base.subjectId}::uuid,
      ${entry.changes === null ? null : JSON.stringify(entry.changes)}::jsonb, ${entry.sealed}::bytea
    from (${ids}) as s(id)`;
}

/** Writes one entry; within a transaction it commits or rolls back with the change it records. */
export async function audit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  const entry = await auditEntry(db, actor, record);
  if (entry) await db.execute(auditInsert(entry, sql`select ${record.id}::text`));
}

/**
 * Erasure of a person's values in the trail: their key goes, the entries stay and can no longer
 * be opened (crypto-shredding). Entries written later for the same id get a new key.
 */
export async function forgetPersonKey(db: Db, userId: string): Promise<void> {
  await db.delete(personKeys).where(sql`${personKeys.userId} = ${userId}`);
}

/**
 * The person's key, created on first use; concurrent first uses agree on one. Read first: the
 * key exists for almost every entry, and a read writes nothing.
 */
async function personKey(db: Db, userId: string): Promise<Buffer> {
  const [known] = await db.select({ key: personKeys.key }).from(personKeys).where(sql`${personKeys.userId} = ${userId}`);
  if (known) return known.key;
  const [row] = await db
    .insert(personKeys)
    .values({ userId, key: randomBytes(32) })
    .onConflictDoUpdate({ target: personKeys.userId, set: { userId: sql`excluded.user_id` } })
    .returning({ key: personKeys.key });
  return row!.key;
}

/** iv (12) ‖ tag (16) ‖ ciphertext of the JSON. */
export function seal(key: Buffer, value: unknown): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const text = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]);
}

/** The sealed value, or null when the key is gone (the person was erased) or does not fit. */
export function unseal(key: Buffer | null, sealed: Buffer): unknown {
  if (!key) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}
