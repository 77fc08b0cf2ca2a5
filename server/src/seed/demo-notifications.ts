import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';

/**
 * What the demo company's people would have been told: each approver the open vacation
 * requests they decide, each person their tasks of the demo and the decisions on their requests
 * of the last weeks, HR the latest sick reports. Derived from the seeded rows with the texts the
 * modules write, so the bell of every demo login shows something real on the first start; the
 * older ones are read.
 */
export async function seedNotifications(db: Db) {
  const range = (a: string, b: string) => sql.raw(`to_char(${a}, 'DD.MM.') || '–' || to_char(${b}, 'DD.MM.YYYY')`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, ref, created_at, read_at)
    select ta.user_id, 'vacation_request', 'Urlaubsantrag von ' || u.first_name || ' ' || u.last_name || ': ' || ${range('a.start_date', 'a.end_date')},
           '', '/urlaub/1', 'absence:' || a.id, a.created_at, null
    from absences a
    join tasks t on t.reference = 'absence:' || a.id
    join task_assignments ta on ta.task_id = t.id
    join users u on u.id = a.user_id
    where a.kind = 'vacation' and not a.approved and not a.declined and ta.user_id <> a.user_id
    on conflict do nothing`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, ref, created_at, read_at)
    select a.user_id, 'vacation_decision',
           'Ihr Urlaubsantrag ' || ${range('a.start_date', 'a.end_date')} || case when a.approved then ' wurde genehmigt' else ' wurde abgelehnt' end,
           case when a.decline_reason <> '' then 'Begründung: ' || a.decline_reason else '' end,
           case when not a.approved then '/urlaub/5' when a.end_date >= current_date then '/urlaub/2' else '/urlaub/3' end,
           'absence:' || a.id || ':demo', coalesce(a.confirmed_at, a.created_at), coalesce(a.confirmed_at, a.created_at) + interval '1 hour'
    from absences a
    where a.kind = 'vacation' and (a.approved or a.declined) and coalesce(a.confirmed_at, a.created_at) > now() - interval '60 days'
    on conflict do nothing`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, ref, created_at, read_at)
    select ta.user_id, 'task_new', 'Neue Aufgabe: ' || t.title, 'Fällig am ' || to_char(t.deadline, 'DD.MM.YYYY'), '/aufgaben/eigene', 'task:' || t.id,
           t.created_at, case when t.priority > 2 then null else t.created_at + interval '2 hours' end
    from tasks t join task_assignments ta on ta.task_id = t.id
    where t.reference is null and t.created_by is distinct from ta.user_id
    on conflict do nothing`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, ref, created_at, read_at)
    select hr.id, 'sick_report', 'Krankmeldung: ' || u.first_name || ' ' || u.last_name || ', ' || ${range('a.start_date', 'a.end_date')},
           '', '/krankmeldungen/2', 'sick:' || a.id, a.created_at, null
    from (select * from absences where kind = 'sick' order by start_date desc limit 3) a
    join users u on u.id = a.user_id
    join users hr on hr.email = 'personalleitung@example.com'
    on conflict do nothing`);
}
