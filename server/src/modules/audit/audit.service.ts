import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { AUDIT_PAGE_SIZE, type AuditChange, type AuditEntry, type AuditListResponse, type AuditQuery } from '@filialportal/core/audit';
import { MSG } from '@filialportal/core/messages';
import { unseal } from '../../platform/audit.ts';
import { auditLog, personKeys } from '../../platform/audit.table.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { users } from '../users/index.ts';

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

/** The start of a day in Berlin (`YYYY-MM-DD`, checked by the schema), or of the day after it. */
const dayStart = (day: string, after = false) => sql`((${day}::date + ${after ? 1 : 0}::int)::timestamp at time zone 'Europe/Berlin')`;

function filters(q: Omit<AuditQuery, 'from'>): SQL | undefined {
  if (q.since && q.until && q.until < q.since) throw badRequest(MSG.auditRangeInvalid);
  return and(
    q.actor ? eq(auditLog.actorId, q.actor) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    // An id: the record itself, or everything about that person.
    q.id ? (q.entity ? eq(auditLog.entityId, q.id) : or(eq(auditLog.entityId, q.id), sql`${auditLog.subjectId}::text = ${q.id}`)) : undefined,
    q.since ? gte(auditLog.at, dayStart(q.since)) : undefined,
    q.until ? lt(auditLog.at, dayStart(q.until, true)) : undefined,
  );
}

const fullName = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`${t.firstName} || ' ' || ${t.lastName}`;

/** Entries with the names of actor and subject and the subject's key, newest first. */
function entries(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorName: fullName(actors),
      ip: auditLog.ip,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      subjectId: auditLog.subjectId,
      subjectName: fullName(subjects),
      changes: auditLog.changes,
      sealed: auditLog.sealed,
      key: personKeys.key,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(subjects, eq(subjects.id, auditLog.subjectId))
    .leftJoin(personKeys, eq(personKeys.userId, auditLog.subjectId))
    .where(where)
    .orderBy(desc(auditLog.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

function toEntry(r: Row): AuditEntry {
  const opened = r.sealed ? (unseal(r.key, r.sealed) as AuditChange[] | null) : null;
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorName: r.actorId === null ? MSG.auditSystem : (r.actorName ?? MSG.deletedUser),
    ip: r.ip,
    entity: r.entity as AuditEntry['entity'],
    entityId: r.entityId,
    action: r.action as AuditEntry['action'],
    subjectId: r.subjectId,
    subjectName: r.subjectId === null ? null : (r.subjectName ?? MSG.deletedUser),
    changes: r.sealed ? opened : ((r.changes as AuditChange[] | null) ?? null),
    erased: !!r.sealed && opened === null,
  };
}

/** GET /audit: one page, newest first; `from` is the id the previous page ended before. */
export async function listAudit({ db }: ServiceDeps<'db'>, q: AuditQuery): Promise<AuditListResponse> {
  const where = and(filters(q), q.from ? lt(auditLog.id, sql`${q.from}::bigint`) : undefined);
  const rows = await entries(db, where).limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { list: page.map(toEntry), next: rows.length > AUDIT_PAGE_SIZE ? String(page[page.length - 1]!.id) : null };
}

/** GET /audit/export: every match, read in batches by the id cursor (the trail only grows). */
export async function* auditExportRows({ db }: ServiceDeps<'db'>, q: Omit<AuditQuery, 'from'>): AsyncIterable<AuditEntry[]> {
  const where = filters(q);
  let before: number | null = null;
  for (;;) {
    const rows: Row[] = await entries(db, and(where, before === null ? undefined : lt(auditLog.id, before))).limit(1000);
    if (!rows.length) return;
    yield rows.map(toEntry);
    before = rows[rows.length - 1]!.id;
  }
}
