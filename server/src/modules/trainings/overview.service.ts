import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { currentYear, formatDate } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { XlsxColumn } from '../../platform/exports.ts';
import { likeTerm } from '../../platform/paging.ts';
import { locations } from '../locations/locations.table.ts';
import { userGroups } from '../teams/teams.table.ts';
import { users } from '../users/users.table.ts';
import { trainingRegistrations as regs, trainings } from './trainings.table.ts';

export interface OverviewQuery {
  /** A location id, or null for all. */
  locationId: string | null;
  year: number;
  search?: string;
  sort?: string;
}

type Person = [id: string, lastName: string, firstName: string, team: string, location: string];
const SORTS = { title: trainings.title, date: trainings.date, time: trainings.time } as const;

/**
 * 'Veranstaltungen Übersicht' (training view 3): the trainings of a year with their confirmed
 * participants from the chosen location (all: everyone), one statement. A name search keeps the
 * trainings where a matching person takes part, and shows those people.
 */
export async function trainingOverview(db: Db, q: OverviewQuery) {
  const term = q.search?.trim();
  const match = term ? sql`and (lower(u.last_name || ' ' || u.first_name) like ${likeTerm(term)} or lower(u.first_name || ' ' || u.last_name) like ${likeTerm(term)})` : sql``;
  const at = q.locationId ? sql`and u.location_id = ${q.locationId}::uuid` : sql``;
  const people = sql<Person[]>`coalesce((select json_agg(json_build_array(u.id, u.last_name, u.first_name, g.label, l.name) order by u.last_name, u.first_name)
    from ${regs} r join ${users} u on u.id = r.user_id join ${userGroups} g on g.id = u.group_id join ${locations} l on l.id = u.location_id
    where r.training_id = ${sql.raw('"trainings"."id"')} and r.approved ${at} ${match}), '[]')`;
  const desc = q.sort?.startsWith('-') ?? false;
  const field = (q.sort?.replace(/^-/, '') ?? '') as keyof typeof SORTS;
  const order = SORTS[field] ? [sql`${SORTS[field]} ${sql.raw(desc ? 'desc' : 'asc')}`, asc(trainings.date), asc(trainings.time)] : [asc(trainings.date), asc(trainings.time)];
  const rows = await db
    .select({ id: trainings.id, title: trainings.title, date: trainings.date, time: trainings.time, users: people })
    .from(trainings)
    .where(and(gte(trainings.date, `${q.year}-01-01`), lte(trainings.date, `${q.year}-12-31`), sql`${trainings.cancelledAt} is null`))
    .orderBy(...order, asc(trainings.id));
  return {
    trainings: rows
      .filter((r) => r.users.length > 0)
      .map((r) => ({
        id: r.id,
        title: r.title,
        date: r.date,
        dateFormated: formatDate(r.date),
        time: r.time,
        users: r.users.map(([id, lastName, firstName, team, location]) => ({ id, lastName, viewName: `${lastName}, ${firstName}`, fullName: `${firstName} ${lastName}`, team, location })),
      })),
  };
}

export const overviewYear = (year: number | null | undefined) => (year && year > 0 ? year : currentYear());

type OverviewRow = Awaited<ReturnType<typeof trainingOverview>>['trainings'][number];

/** Titel, Datum, Uhrzeit and one 'Teilnehmer n' column per slot of the fullest training. */
export function overviewColumns(rows: OverviewRow[]): XlsxColumn<OverviewRow>[] {
  const slots = Math.max(1, ...rows.map((r) => r.users.length));
  return [
    { header: 'Titel', value: (r) => r.title, width: 34 },
    { header: 'Datum', value: (r) => r.date, type: 'date', width: 12 },
    { header: 'Uhrzeit', value: (r) => r.time, width: 9 },
    ...Array.from({ length: slots }, (_, i): XlsxColumn<OverviewRow> => ({ header: `Teilnehmer ${i + 1}`, value: (r) => r.users[i]?.viewName ?? '', width: 24 })),
  ];
}
