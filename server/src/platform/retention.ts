import { sql } from 'drizzle-orm';
import type { RetentionKind, RetentionSettings } from '@filialportal/core/retention';
import { audit } from './audit.ts';
import { auditLog } from './audit.table.ts';
import { type ServiceDeps, withDb } from './deps.ts';

/**
 * Retention (Art. 5 (1) e GDPR): each module registers how it deletes or anonymises one kind of
 * personal data past its period; a daily job runs them all (global-settings module, which keeps
 * the periods). An expiry returns how many records it removed; it runs in its own transaction and
 * must be repeatable (what is due today is still due tomorrow if a run was cut short).
 */
export type Expire = (deps: ServiceDeps<'db' | 'storage'>, days: number) => Promise<number>;

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
        // Each kind commits alone, with its entry in the trail: a failure of one keeps the others.
        const removed = await deps.db.transaction(async (tx) => {
          const n = await expire(withDb(deps, tx), days);
          if (n > 0) await audit(tx, null, { entity: 'retention', id: kind, action: 'expire', after: { removed: n, days } });
          return n;
        });
        done[kind] = (done[kind] ?? 0) + removed;
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
export async function expireAudit({ db }: ServiceDeps<'db'>, days: number): Promise<number> {
  return rowCount(await db.execute(sql`delete from ${auditLog} where ${auditLog.at} < ${daysAgo(days)}`));
}
