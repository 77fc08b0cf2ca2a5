import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type CalendarDay,
  type CalendarEntry,
  type CalendarRow,
  type CalendarWeek,
  countDay,
  cutInfo,
  deriveCell,
  isoWeek,
  statusLabel,
  type TLocationAppointment,
  type TLocationInfo,
  weekDates,
} from '@filialportal/core/calendar';
import { publicHolidays } from '@filialportal/core/holidays';
import { MSG } from '@filialportal/core/messages';
import { WEEKDAY_CODES } from '@filialportal/core/users';
import { type Actor, can } from '../../platform/access.ts';
import { inScope, scopeOf, type ScopeRule } from '../../platform/scope.ts';
import { prepared } from '../../platform/prepared.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { berlinDay, berlinInstant, formatDate, todayIso } from '../../platform/dates.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { absences } from '../absences/index.ts';
import { locations } from '../locations/index.ts';
import { specialAppointments } from '../special-appointments/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { trainingRegistrations, trainings } from '../trainings/index.ts';
import { calendarEntries, locationInfos } from './calendar.table.ts';

/** Users of this group are switched off and have no row in the calendar. */
const HIDDEN_GROUP = 'Ausgeblendet';

/** What the actor may do in the calendar of a location (spec 1 §6). */
/** The own location includes the one the person has switched to. */
const SEE: ScopeRule = { all: 'an_abwesenheit_von_allen_sehen', ownLocation: true, withSelectedLocation: true };
const EDIT: ScopeRule = { all: 'an_abwesenheit_von_allen_bearbeiten', ownLocation: 'an_abwesenheit_in_eigener_filiale_bearbeiten', withSelectedLocation: true };

export function calendarRights(actor: Actor, locationId: string): CalendarWeek['can'] & { see: boolean } {
  const editCells = inScope(scopeOf(actor, EDIT), { locationId });
  return {
    see: inScope(scopeOf(actor, SEE), { locationId }),
    editCells,
    // Whoever edits a location's cells also keeps its info row; the info permission extends that to every location.
    editInfo: editCells || can(actor, 'an_abwesenheit_info_von_allen_bearbeiten'),
    editSick: editCells && can(actor, 'an_abwesenheit_krankmeldung_bearbeiten'),
    editVacation: editCells && can(actor, 'an_abwesenheit_urlaub_bearbeiten'),
    export: can(actor, 'an_abwesenheit_von_allen_exportieren'),
    chooseLocation: can(actor, 'an_abwesenheit_von_allen_sehen'),
    extendedTitle: can(actor, 'an_abwesenheit_erweiterten_titel_anzeigen'),
  };
}

type PeriodJson = [kind: string, startDate: string, endDate: string, specialHoliday: boolean, reason: string, overtimeDeduction: boolean, overtime: number | string | null, dayLength: string];
type EntryJson = [date: string, status: number, info: string, updatedAt: string, byFirst: string | null, byLast: string | null];

/** The week's location, people, start and end as placeholders: both statements are built once and prepared. */
const LOCATION = sql.placeholder('locationId');
const START = sql.placeholder('start');
const END = sql.placeholder('end');

/**
 * The location's people of the week, as JSON in the location's row: by group and name, each with
 * the sick reports and approved vacations touching the week (absences_user_idx per kind) and the
 * hand-set entries of the week. In the one statement of the week, so a week holds one pool
 * connection for one round trip, not two.
 */
const peopleOfWeek = sql<WeekPerson[]>`coalesce((select json_agg(row_to_json(p) order by p."sortingIndex", p."teamLabel", p."lastName", p."firstName") from (
  select u.id, u.first_name as "firstName", u.last_name as "lastName", u.personal_number as "personalNumber",
    u.free_days as "freeDays", u.presence, g.id as "teamId", g.label as "teamLabel", g.sorting_index as "sortingIndex",
    coalesce((select json_agg(json_build_array(a.kind, a.start_date, a.end_date, a.special_holiday, a.reason, a.overtime_deduction, a.overtime, a.day_length))
      from ${absences} a where a.kind in ('sick', 'vacation') and a.user_id = u.id and a.start_date <= ${END}::date and a.end_date >= ${START}::date
      and (a.kind = 'sick' or a.approved)), '[]') as periods,
    coalesce((select json_agg(json_build_array(e.date, e.status, e.info, e.updated_at, up.first_name, up.last_name))
      from ${calendarEntries} e left join ${users} up on up.id = e.updated_by
      where e.user_id = u.id and e.date >= ${START}::date and e.date <= ${END}::date), '[]') as entries
  from ${users} u join ${userGroups} g on g.id = u.group_id
  where u.location_id = ${LOCATION}::uuid and u.active and g.name <> ${HIDDEN_GROUP}) p), '[]')`;

const weekOfLocation = prepared((db) =>
  db
    .select({
      id: locations.id,
      name: locations.name,
      region: locations.region,
      minStaff: locations.minStaff,
      infos: sql<[date: string, info: string][]>`coalesce((select json_agg(json_build_array(i.date, i.info)) from ${locationInfos} i
        where i.location_id = ${LOCATION}::uuid and i.date >= ${START}::date and i.date <= ${END}::date), '[]')`,
      // Approved registrations of the location's people for the week's trainings: from the few
      // trainings of the week (trainings_date_idx), not from every registration of each person.
      trainings: sql<[userId: string, date: string, title: string, time: string][]>`coalesce((select json_agg(json_build_array(r.user_id, t.date, t.title, t.time))
        from ${trainings} t join ${trainingRegistrations} r on r.training_id = t.id and r.approved join ${users} u on u.id = r.user_id
        where t.date >= ${START}::date and t.date <= ${END}::date and t.cancelled_at is null and u.location_id = ${LOCATION}::uuid), '[]')`,
      appointments: sql<[id: string, info: string, date: string, endDate: string][]>`coalesce((select json_agg(json_build_array(s.id, s.info, s.date, s.end_date) order by s.date, s.info)
        from ${specialAppointments} s where s.date <= ${END}::date and s.end_date >= ${START}::date
        and (cardinality(s.locations) = 0 or ${LOCATION}::uuid = any(s.locations))), '[]')`,
      people: peopleOfWeek,
    })
    .from(locations)
    .where(eq(locations.id, sql`${LOCATION}::uuid`))
    .prepare('calendar_week'),
);

/**
 * The week holding `date` for one location in one prepared statement whatever the number of
 * people: the location with its info row, trainings and special appointments, and its people with
 * their absences and hand-set entries of the week (as JSON per person, from the per-person indexes).
 */
export async function calendarWeek({ db }: ServiceDeps<'db'>, actor: Actor, { locationId, date }: { locationId: string; date: string | undefined }): Promise<CalendarWeek> {
  const rights = calendarRights(actor, locationId);
  if (!rights.see) throw forbidden();

  const today = todayIso();
  const dates = weekDates(date ?? today);
  const [week] = await weekOfLocation(db).execute({ locationId, start: dates[0]!, end: dates[6]! });
  if (!week) throw notFound(MSG.calendarLocationMissing);
  const { people, ...location } = week;
  return composeWeek(rights, dates, today, location, people);
}

/** The location's part of the week as the statements read it. */
export interface WeekLocation {
  id: string;
  name: string;
  region: string;
  minStaff: number[];
  infos: [date: string, info: string][];
  trainings: [userId: string, date: string, title: string, time: string][];
  appointments: [id: string, info: string, date: string, endDate: string][];
}

/** One person of the week as the statements read them. */
export interface WeekPerson {
  id: string;
  firstName: string;
  lastName: string;
  personalNumber: string | null;
  freeDays: string[];
  presence: string[];
  teamId: string;
  teamLabel: string;
  sortingIndex: number;
  periods: PeriodJson[];
  entries: EntryJson[];
}

/**
 * The week from what was read: cells, day lines, counts and staffing. Pure: the bench's reference
 * reads the same inputs in its own statement and shares this.
 */
export function composeWeek(rights: CalendarWeek['can'] & { see: boolean }, dates: string[], today: string, location: WeekLocation, people: WeekPerson[]): CalendarWeek {
  const start = dates[0]!;
  const end = dates[6]!;
  // Each person's sick reports and approved vacations of the week, by kind.
  const periodsOf = new Map(
    people.map((p) => {
      const periods = p.periods.map(([kind, startDate, endDate, specialHoliday, reason, overtimeDeduction, overtime, dayLength]) => ({
        kind, startDate, endDate, specialHoliday, reason, overtimeDeduction, overtime: overtime === null ? null : Number(overtime), dayLength,
      }));
      return [p.id, { sick: periods.filter((x) => x.kind === 'sick'), vacation: periods.filter((x) => x.kind === 'vacation') }];
    }),
  );
  const entries = people.flatMap((p) =>
    p.entries.map(([d, status, info, updatedAt, byFirst, byLast]) => ({ userId: p.id, date: d, status, info, updatedAt: new Date(updatedAt), byFirst, byLast })),
  );
  const infos = location.infos.map(([d, info]) => ({ date: d, info }));
  const appointments = location.appointments.map(([id, info, d, endDate]) => ({ id, info, date: d, endDate }));

  const holidays = dates.map((d) => publicHolidays(location.region, Number(d.slice(0, 4))).get(d) ?? null);
  const covering = (userId: string, kind: 'sick' | 'vacation', d: string) => {
    const of = periodsOf.get(userId)?.[kind];
    if (!of?.length) return null;
    const all = of.filter((p) => p.startDate <= d && p.endDate >= d);
    // A morning and an afternoon request on one day make the whole day.
    return all.length > 1 ? { ...all[0]!, dayLength: 'full' } : (all[0] ?? null);
  };
  const entryOf = new Map(entries.map((e) => [`${e.userId}:${e.date}`, e]));
  const trainingOn = new Map(location.trainings.map(([userId, d, title, time]) => [`${userId}:${d}`, { title, time }]));
  const trainingOf = (p: (typeof people)[number], d: string) => trainingOn.get(`${p.id}:${d}`) ?? null;
  const infoOf = new Map(infos.map((i) => [i.date, i.info]));

  // The spec's per-day lines (ZCalendarEntry) are built beside the cells, from the same inputs.
  const personLines: CalendarEntry[][] = dates.map(() => []);
  const rows: CalendarRow[] = people.map((p, userIndex) => {
    const searchName = `${p.lastName} ${p.firstName} ${p.firstName} ${p.lastName} ${p.personalNumber ?? ''}`.toLowerCase();
    const divider = userIndex === 0 || people[userIndex - 1]!.teamId !== p.teamId;
    return {
      userId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      personalNumber: p.personalNumber ?? '',
      team: { id: p.teamId, label: p.teamLabel, sortingIndex: p.sortingIndex },
      searchName,
      cells: dates.map((d, dayIndex) => {
        const e = entryOf.get(`${p.id}:${d}`);
        const covered = covering(p.id, 'vacation', d);
        const cell = deriveCell({
          date: d,
          freeDays: p.freeDays,
          presence: p.presence,
          holiday: holidays[dayIndex]!,
          sick: covering(p.id, 'sick', d),
          vacation: covered,
          training: trainingOf(p, d),
          manual: e ? { status: e.status, info: e.info, by: `${e.byFirst ?? ''} ${e.byLast ?? ''}`.trim() || 'Unbekannt', at: berlinDay(e.updatedAt) } : null,
        });
        const label = cell.status === null ? '' : statusLabel(cell.status, cell.info);
        const vacation = cell.source === 'vacation' ? covered : null;
        const training = cell.source === 'training' ? trainingOf(p, d) : null;
        personLines[dayIndex]!.push({
          ...NO_LINE,
          status: cell.status,
          statusLabel: label,
          info: cell.info,
          isAppointment: cell.source === 'manual',
          specialHoliday: vacation?.specialHoliday ?? false,
          reason: vacation?.reason ?? '',
          overtimeDeduction: vacation?.overtimeDeduction ?? false,
          overtime: vacation?.overtime ?? null,
          training: training !== null,
          trainingTime: training?.time ?? '',
          trainingInfo: training?.title ?? '',
          divider,
          loc: location.name,
          userIndex,
          searchName,
        });
        return {
          date: d,
          status: cell.status,
          statusLabel: label,
          info: cell.info,
          source: cell.source,
          editable: mayEdit(rights, cell.source, cell.status),
          title: rights.extendedTitle ? cell.extendedTitle : cell.title,
          half: cell.half ?? null,
        };
      }),
    };
  });

  const days: CalendarDay[] = dates.map((d, i) => {
    const info = infoOf.get(d) ?? '';
    const special = appointments.filter((a) => a.date <= d && a.endDate >= d).map((a) => ({ id: a.id, info: a.info }));
    return {
      dt: berlinInstant(d, '00:00').toISOString(),
      date: d,
      weeks: isoWeek(d).week,
      isActive: d === today,
      users: [
        { ...NO_LINE, isInfo: true, info, statusLabel: cutInfo(info), loc: location.name },
        ...(special.length
          ? [{ ...NO_LINE, isSpecialAppointment: true, info: special[0]!.info, statusLabel: special.length > 1 ? `${special[0]!.info} +${special.length - 1}` : special[0]!.info, specialAppointments: special, loc: location.name }]
          : []),
        ...personLines[i]!,
      ],
      dateIndex: i,
    weekday: WEEKDAY_CODES[i]!,
    dateFormated: formatDate(d),
    isToday: d === today,
    holiday: holidays[i]!,
      info,
      specialAppointments: special,
      minStaff: 0,
      understaffed: false,
    };
  });

  const { see: _see, ...can_ } = rights;
  const counts = dates.map((_, i) => countDay(rows.map((r) => r.cells[i]!.status)));
  // Minimum staffing (Monday to Saturday) against the day's 'Anwesend'; a public holiday needs nobody.
  for (const [i, day] of days.entries()) {
    day.minStaff = location.minStaff[i] ?? 0;
    day.understaffed = day.minStaff > 0 && !day.holiday && counts[i]!.present < day.minStaff;
  }
  return {
    location: { id: location.id, label: location.name },
    ...isoWeek(start),
    start,
    end,
    days,
    rows,
    counts,
    can: can_,
  };
}

/** The fields of a day line that only some lines set. */
const NO_LINE: CalendarEntry = {
  status: null, statusLabel: '', info: '', isInfo: false, isAppointment: false, isSpecialAppointment: false, specialAppointments: [],
  specialHoliday: false, reason: '', overtimeDeduction: false, overtime: null, training: false, trainingTime: '', trainingInfo: '',
  divider: false, loc: '', userIndex: null, searchName: '',
};

/** Sick, vacation and training cells come from their lists; hand-set KR/UR need the matching right. */
function mayEdit(rights: CalendarWeek['can'], source: string, status: number | null): boolean {
  if (!rights.editCells || source === 'sick' || source === 'vacation' || source === 'training') return false;
  if (source === 'manual' && status === 2) return rights.editSick;
  if (source === 'manual' && status === 3) return rights.editVacation;
  return true;
}

/** POST /locationappointment: sets (or with status null removes) one person's status on one day. */
export async function saveLocationAppointment({ db }: ServiceDeps<'db'>, actor: Actor, input: TLocationAppointment) {
  const [person] = await db
    .select({ id: users.id, locationId: users.locationId, active: users.active })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!person) throw notFound(MSG.calendarPersonMissing);
  const rights = calendarRights(actor, person.locationId);
  if (!rights.editCells) throw forbidden(MSG.calendarNoRight);
  if ((input.status === 2 && !rights.editSick) || (input.status === 3 && !rights.editVacation)) throw forbidden(MSG.calendarNoRight);

  const [[period], [current], [training]] = await Promise.all([
    db
      .select({ kind: absences.kind })
      .from(absences)
      .where(and(eq(absences.userId, person.id), lte(absences.startDate, input.date), gte(absences.endDate, input.date), or(eq(absences.kind, 'sick'), eq(absences.approved, true))))
      .orderBy(asc(absences.kind))
      .limit(1),
    db.select({ status: calendarEntries.status }).from(calendarEntries).where(and(eq(calendarEntries.userId, person.id), eq(calendarEntries.date, input.date))),
    db
      .select({ id: trainingRegistrations.id })
      .from(trainingRegistrations)
      .innerJoin(trainings, eq(trainings.id, trainingRegistrations.trainingId))
      .where(and(eq(trainingRegistrations.userId, person.id), eq(trainingRegistrations.approved, true), eq(trainings.date, input.date), isNull(trainings.cancelledAt)))
      .limit(1),
  ]);
  // A vacation only blocks its working days; the derived cell tells which it is. A training day is the training's.
  if (training) throw badRequest(MSG.calendarNotEditable, 'not_editable');
  if (period) {
    const week = await calendarWeek({ db }, actor, { locationId: person.locationId, date: input.date });
    const cell = week.rows.find((r) => r.userId === person.id)?.cells.find((c) => c.date === input.date);
    if (!cell || cell.source === 'sick' || cell.source === 'vacation') throw badRequest(MSG.calendarNotEditable, 'not_editable');
  }
  if (current && !mayEdit(rights, 'manual', current.status)) throw forbidden(MSG.calendarNoRight);

  if (input.status === null) {
    await db.delete(calendarEntries).where(and(eq(calendarEntries.userId, person.id), eq(calendarEntries.date, input.date)));
    return { ok: true };
  }
  const values = { status: input.status, info: input.status === 4 ? input.info : '', locationId: person.locationId, updatedBy: actor.userId };
  await db
    .insert(calendarEntries)
    .values({ userId: person.id, date: input.date, ...values })
    .onConflictDoUpdate({ target: [calendarEntries.userId, calendarEntries.date], set: { ...values, updatedAt: new Date() } });
  return { ok: true };
}

/** POST /locationinfo: the info row of a location and day; empty text removes it. */
export async function saveLocationInfo({ db }: ServiceDeps<'db'>, actor: Actor, input: TLocationInfo) {
  const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId));
  if (!location) throw notFound(MSG.calendarLocationMissing);
  if (!calendarRights(actor, input.locationId).editInfo) throw forbidden(MSG.calendarNoRight);
  if (!input.info) {
    await db.delete(locationInfos).where(and(eq(locationInfos.locationId, input.locationId), eq(locationInfos.date, input.date)));
  } else {
    await db
      .insert(locationInfos)
      .values({ locationId: input.locationId, date: input.date, info: input.info, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: [locationInfos.locationId, locationInfos.date], set: { info: input.info, updatedBy: actor.userId, updatedAt: new Date() } });
  }
  return { ok: true };
}
