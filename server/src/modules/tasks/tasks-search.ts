import { sql } from 'drizzle-orm';
import { can, canAny } from '../../platform/access.ts';
import { searchGroup, type SearchSource } from '../../platform/search.ts';
import { taskAssignments, tasks } from './tasks.table.ts';

/**
 * 'Aufgaben' in the portal search: the person's own tasks, and those they handed out for who may
 * open that page (the two task pages). `done` is the person's own tick, or for a handed-out task any tick.
 */
export const taskSearch: SearchSource = (actor, terms, limit) => {
  if (!can(actor, 'aufgaben_menu_sehen')) return null;
  const own = sql`(select a.completed_at from ${taskAssignments} a where a.task_id = t.id and a.user_id = ${actor.userId} limit 1)`;
  const mine = sql`exists (select 1 from ${taskAssignments} a where a.task_id = t.id and a.user_id = ${actor.userId})`;
  // The tasks a person handed out show on the delegated page, which only those who hand out open.
  const delegated = canAny(actor, ['aufgaben_an_alle_stellen', 'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen']);
  const anyDone = sql`exists (select 1 from ${taskAssignments} a where a.task_id = t.id and a.completed_at is not null)`;
  return searchGroup('tasks', {
    candidates: sql`select t.id, ts_rank(t.search, ${terms.query}) as rank from ${tasks} t
      where t.search @@ ${terms.query} and (${delegated ? sql`t.created_by = ${actor.userId} or ` : sql``}${mine})`,
    from: sql`join ${tasks} t on t.id = best.id`,
    hit: sql`jsonb_build_object('id', t.id, 'title', t.title, 'deadline', t.deadline::text, 'mine', ${mine},
      'done', case when ${mine} then ${own} is not null else ${anyDone} end)`,
    limit,
  });
};
