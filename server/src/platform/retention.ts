import { sql } from 'drizzle-orm';
import type { RetentionKind, RetentionSettings } from '@filialportal/core/retention';
import { audit } from './audit.ts';
import { auditLog } from './audit.table.ts';
import { type ServiceDeps, withDb } from './deps.ts';

/**
 * Retention (Art. 5 (1) e GDPR): each module registers how it deletes or anonymises one kind of
 * personal data past its period; a daily job runs them all (global-settings module, which keeps
 * the periods). An expiry removes at most `limit` records and returns how many it removed; the run
 * calls it again, each time in a transaction of its own, until fewer come back. So the first run
 * on years of data (an upgrade, a shortened period) never holds the embedded database's one
 * connection for long: requests are answered between the batches. An expiry must be repeatable
 * (what is due today is still due tomorrow if a run was cut short).
 */
export type Expire = (deps: ServiceDeps<'db' | 'storage'>, days: number, limit: number) => Promise<number>;

/** Records one expiry removes per transaction. */
export const RETENTION_BATCH = 500;

export interface Retention {
  add(kind: RetentionKind, expire: Expire): void;
  /** Runs every registered expiry with the given periods; what each removed, by kind. */
  run(deps: ServiceDeps<'db' | 'storage'>, periods: RetentionSettings): Promise<Partial<Record<RetentionKind, number>>>;
}

export function createRetention(): Retention {
  const expiries: { kind: RetentionKind; expire: Expire }[] = [];
  return {
    add(kind, expire) {
      expiries.push({ kind, expire });
    },
    async run(deps, periods) {
      const done: Partial<Record<RetentionKind, number>> = {};
      for (const { kind, expire } of expiries) {
        const days = periods[kind];
        // Each batch commits alone, with its entry in the trail: a failure keeps what went before.
        for (;;) {
          const removed = await deps.db.transaction(async (tx) => {
            const n = await expire(withDb(deps, tx), days, RETENTION_BATCH);
            if (n > 0) await audit(tx, null, { entity: 'retention', id: kind, action: 'expire', after: { removed: n, days } });
            return n;
          });
          done[kind] = (done[kind] ?? 0) + removed;
          if (removed < RETENTION_BATCH) break;
          // Requests waiting for the database go first.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      return done;
    },
  };
}

/** The affected rows of a statement, from node-postgres or PGlite alike. */
export function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** `now()` minus a period of days, for the expiries' conditions. */
export const daysAgo = (days: number) => sql`now() - make_interval(days => ${days}::int)`;

/** Retention of the trail itself: the database's trigger lets exactly these rows go. */
export async function expireAudit({ db }: ServiceDeps<'db'>, days: number, limit: number): Promise<number> {
  return rowCount(await db.execute(sql`delete from ${auditLog} where ${auditLog.id} in (select id from ${auditLog} where ${auditLog.at} < ${daysAgo(days)} order by id limit ${limit})`));
}
