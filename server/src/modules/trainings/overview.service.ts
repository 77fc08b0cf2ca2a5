import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { currentYear, formatDate } from '../../platform/dates.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import type { XlsxColumn } from '../../platform/exports.ts';
import { likeTerm } from '../../platform/paging.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
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
export async function trainingOverview({ db }: ServiceDeps<'db'>, q: OverviewQuery) {
  const term = q.search?.trim();
  const desc = q.sort?.startsWith('-') ?? false;
  const field = (q.sort?.replace(/^-/, '') ?? '') as keyof typeof SORTS;
  const order = SORTS[field] ? [sql`${SORTS[field]} ${sql.raw(desc ? 'desc' : 'asc')}`, asc(trainings.date), asc(trainings.time)] : [asc(trainings.date), asc(trainings.time)];
  // One grouped join, so the planner can hash the year's trainings and the location's people
  // instead of probing every participant of every training of the year.
  const rows = await db
    .select({
      id: trainings.id,
      title: trainings.title,
      date: trainings.date,
      time: trainings.time,
      users: sql<Person[]>`json_agg(json_build_array(${users.id}, ${users.lastName}, ${users.firstName}, ${userGroups.label}, ${locations.name}) order by ${users.lastName}, ${users.firstName})`,
    })
    .from(trainings)
    .innerJoin(regs, and(eq(regs.trainingId, trainings.id), eq(regs.approved, true)))
    .innerJoin(users, eq(users.id, regs.userId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(
      and(
        gte(trainings.date, `${q.year}-01-01`),
        lte(trainings.date, `${q.year}-12-31`),
        isNull(trainings.cancelledAt),
        q.locationId ? eq(users.locationId, q.locationId) : undefined,
        term ? sql`(lower(${users.lastName} || ' ' || ${users.firstName}) like ${likeTerm(term)} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${likeTerm(term)})` : undefined,
      ),
    )
    .groupBy(trainings.id)
    .orderBy(...order, asc(trainings.id));
  return {
    trainings: rows.map((r) => ({
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
