import { sql, type SQL } from 'drizzle-orm';
import type { AuditRecord } from '../../platform/audit.ts';
import { auditLog } from '../../platform/audit.table.ts';

/**
 * The audit trail of stock corrections: one entry per changed count of an article at a location,
 * the count before and after and, for the reader of the trail, the article's number.
 */

/** What a count's entry names besides its numbers. */
export type CountAudit = { articleId: string; locationId: string; userId: string; ip: string; articleNumber: string };

const entityId = (input: CountAudit) => `${input.articleId}:${input.locationId}`;

/**
 * The entry of a count, for `audit()`. The number is in `after` only, so that it is kept as a
 * change; only with a changed count, so that a count confirming the stock writes no entry.
 */
export function stockAuditRecord(input: CountAudit, before: number | null, after: number): AuditRecord {
  const article = before === after ? {} : { article: input.articleNumber };
  return { entity: 'stock', id: entityId(input), action: 'update', before: { count: before }, after: { count: after, ...article } };
}

/**
 * The same entry as a statement of a `with` query, for each row of `written` (columns before and
 * after): a count stays one statement (the path is benchmarked) and its entry commits with it.
 * It writes what `audit()` writes for stockAuditRecord, a count that changed nothing included
 * (no entry); server/test/audit-stock-claims.test.ts holds both to the same rows.
 */
export function stockAuditInsert(input: CountAudit, written: SQL): SQL {
  const changes = sql`jsonb_build_array(
    jsonb_build_object('field', 'count', 'before', w.before, 'after', w.after),
    jsonb_build_object('field', 'article', 'before', null, 'after', ${input.articleNumber}::text))`;
  return sql`insert into ${auditLog} (actor_id, ip, entity, entity_id, action, changes)
    select ${input.userId}::uuid, ${input.ip}::text, 'stock', ${entityId(input)}::text, 'update', ${changes}
    from ${written} w where w.before is distinct from w.after`;
}
