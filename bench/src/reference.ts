/**
 * The reference: what a hand-written minimal server needs for four of the portal's answers — a
 * bare Fastify, node-postgres and one SQL statement written for each answer, which checks the
 * session and the right and builds the JSON itself. It answers with the same bytes as the portal
 * (server/test/bench-reference.test.ts compares them), so its req/s on this machine is the
 * practical limit of that work; the bench measures it beside the portal in the same run.
 *
 * It serves exactly the requests the bench sends (the person and filters of those endpoints) and
 * nothing else: no plugins, no cache, no validation beyond what the statement needs.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { absenceStateLabel, type DayLength, dayFactor, DEFAULT_CARRY_OVER_EXPIRY, quotaExceeded, VACATION_PAGE_SIZE } from '@filialportal/core/absences';
import { ALL_LOCATIONS_LABEL, blockedPeriodMessage } from '@filialportal/core/blocked-periods';
import { formatDate } from '@filialportal/core/berlin-time';
import { weekDates } from '@filialportal/core/calendar';
import { PERMISSION_NAMES } from '@filialportal/core/permissions';
import { type AccountRow, accountsFromRows, yearAccountOf } from '../../server/src/modules/absences/contingents.service.ts';
import { composeWeek, type WeekLocation, type WeekPerson } from '../../server/src/modules/calendar/calendar.service.ts';
import { currentYear, todayIso } from '../../server/src/platform/dates.ts';
import { openPglite, openPostgres } from '../../server/src/platform/db.ts';

/** The bench's endpoints the reference answers, by the portal's name in the report. */
export const REFERENCE_ENDPOINTS = ['Aktueller Benutzer', 'Urlaub Ansicht 1 (offen), alle Standorte', 'Kalenderwoche des größten Standorts', 'Beanstandungen offen, alle Standorte (Buchhaltung)'] as const;

const CLAIM_PAGE_SIZE = 25;
const UNSEEN_MAX = 100;
const ALL_CLAIMS = ['beanstandungen_offene_alle_sehen', 'beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen'];
const BOOKING_ROLES = ['Admin', 'Personalleitung', 'Buchhaltung', 'Vertriebsleitung'];

/**
 * The session as one part of each statement: the token's hash, not revoked, the person active
 * and seen within the group's idle time.
 */
const session = `select u.id, u.first_name, u.last_name, g.name as role, g.permissions
  from sessions s join users u on u.id = s.user_id join user_groups g on g.id = u.group_id
  where s.token_hash = $1 and s.revoked_at is null and u.active
    and s.last_seen_at > now() - make_interval(mins => case when s.client_kind = 'tablet' then g.login_time_tablet else g.login_time_desktop end)`;

/** An instant as JavaScript's toISOString writes it, and 'DD.MM.YY, HH:mm Uhr' in Berlin. */
const iso = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const claimDate = (c: string) => `to_char(${c} at time zone 'Europe/Berlin', 'DD.MM.YY, HH24:MI "Uhr"')`;

/**
 * GET /api/claims/list/:from?completed=false for a booking role that sees every location: the
 * open claims, newest first, 25 from `from`, with the count of all and the new ones since the
 * last visit.
 */
const OPEN_CLAIMS = `with me as (${session}),
  allowed as (select id from me where role = any($3::text[]) and (role = 'Admin' or permissions && $4::text[])),
  open as (select c.id, c.created_at from claims c where (c.ba_number = '' or not c.stock_updated) and exists (select 1 from allowed)),
  page as (select id, row_number() over (order by created_at desc, id) as n from (select id, created_at from open order by created_at desc, id limit ${CLAIM_PAGE_SIZE} offset $2) o),
  seen as (select coalesce((select s.seen_at from seen_markers s, allowed a where s.user_id = a.id and s.page = 'claims'), '-infinity') as at)
select (select count(*) from me) as known, (select count(*) from allowed) as allowed, row_to_json(b)::text as body from (select
  coalesce((select array_to_json(array_agg((select r from (
    select c.id, c.number, c.type, ${iso('c.created_at')} as "createdAt", ${claimDate('c.created_at')} as "createdAtFormated",
      (select x from (select c.created_by_id as id, coalesce(nullif(coalesce(u.first_name || ' ' || u.last_name, c.created_by_name), ''), 'Benutzer gelöscht') as name,
        coalesce(g.label, '') as "group", coalesce(l.name, '') as location, '/api/avatar/' || u.avatar_file_id as "avatarUrl") x) as "createdBy",
      c.customer_name as "customerName", c.supplier_name as "supplierName", c.hauler_name as "haulerName",
      (select x from (select c.location_id as id, cl.name) x) as location,
      (select x from (select st.id, coalesce(st.name, '') as name) x where st.id is not null) as status,
      c.priority, c.stock_updated as "stockUpdated", c.ba_number as "baNumber", ${iso('c.completed')} as completed,
      (btrim(c.ba_number) = '' or not c.stock_updated) as "open") r) order by p.n))
    from page p join claims c on c.id = p.id join locations cl on cl.id = c.location_id
      left join claim_statuses st on st.id = c.status_id
      left join users u on u.id = c.created_by_id left join user_groups g on g.id = u.group_id left join locations l on l.id = u.location_id), '[]') as claims,
  (select count(*) from open)::int as "count",
  (select count(*) from (select 1 from claims c, seen where c.created_at > seen.at and exists (select 1 from allowed) order by c.created_at desc limit ${UNSEEN_MAX}) n)::int as "new") b`;

/**
 * GET /api/user: the person with group, locations, parent group, when news were last seen and
 * the columns of this year's vacation account, whose arithmetic (carry-over, expiry, working
 * days) is the portal's own pure function: it is the work of the answer, not of the plumbing.
 */
const ordinary = `a.user_id = u.id and a.kind = 'vacation' and not a.special_holiday and not a.overtime_deduction`;
const factor = `(case when a.day_length = 'full' then 1 else 0.5 end)`;
const expiry = (fallback: string) => `coalesce((select carry_over_expiry from global_settings order by created_at limit 1), ${fallback})`;

/**
 * The vacation account's columns of the person `u` up to the year `lastYear` (SQL expressions),
 * with this year's begun requests when `withCurrent`: the input of the account arithmetic.
 */
const accountColumns = ({ lastYear, withCurrent, year, today, fallback }: Record<'lastYear' | 'withCurrent' | 'year' | 'today' | 'fallback', string>) => `u.id,
    u.holiday_contingent::float as "holidayContingent", u.created_at as "createdAt", u.free_days as "freeDays", l.region, ${expiry(fallback)} as expiry,
    coalesce((select json_agg(json_build_array(c.year, c.surplus, c.deduction)) from contingents c where c.user_id = u.id and c.year <= ${lastYear}), '[]') as "set",
    coalesce((select json_object_agg(t.y, t.days) from (select y, sum(days)::float as days from (
        select d.key as y, d.value::numeric as days from absences a, jsonb_each_text(a.days_by_year) d where ${ordinary} and a.approved and d.key::int <= ${lastYear}
        union all
        select to_char(c, 'YYYY'), -${factor} from absences a, unnest(a.credited_dates) c where ${ordinary} and a.approved and a.credited_dates <> '{}' and c <= make_date(${lastYear}, 12, 31)) t group by y) t), '{}') as approved,
    case when ${withCurrent} then coalesce((select json_agg(json_build_array(a.start_date, a.end_date, a.days_by_year -> ${year}::text, a.credited_dates, ${factor})) from absences a
      where ${ordinary} and a.approved and a.start_date <= ${today} and a.end_date >= make_date(${year}, 1, 1)), '[]') end as begun,
    case when ${expiry(fallback)} <> '' then coalesce((select json_agg(json_build_array(a.start_date, a.end_date, a.days_by_year, a.credited_dates, ${factor})) from absences a
      where ${ordinary} and a.approved and a.start_date <= make_date(${lastYear}, 12, 31)
        and (to_char(a.start_date, 'MM-DD') <= ${expiry(fallback)} or date_part('year', a.start_date) <> date_part('year', a.end_date))), '[]') else '[]' end as early,
    coalesce((select json_object_agg(t.y, t.days) from (select d.key as y, sum(d.value::numeric)::float as days from absences a, jsonb_each_text(a.days_by_year) d
      where ${ordinary} and not a.approved and not a.declined group by 1) t), '{}') as pending`;

const CURRENT_USER = `select u.active, u.updated_at as "updatedAt", u.email, u.first_name as "firstName", u.last_name as "lastName",
    u.phone, u.avatar_file_id as "avatarFileId", u.personal_number as "personalNumber", u.allowed_locations_claim as "allowedLocationsClaim",
    u.selected_location_id as "selectedLocationId", u.additional_locations as "additionalLocations",
    g.name as role, g.label as "roleLabel", g.permissions, pg.name as "parentTeam",
    (s.method = 'password' and g.two_factor_required and not (exists (select 1 from totp_factors t where t.user_id = u.id and t.confirmed_at is not null)
      or exists (select 1 from passkeys k where k.user_id = u.id))) as "enrolmentPending",
    json_build_array(l.id, l.name, l.street, l.zip, l.city) as location,
    coalesce((select json_agg(json_build_array(x.id, x.name)) from locations x where x.id = any(u.additional_locations)), '[]') as extra,
    (select to_char(m.seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from seen_markers m where m.user_id = u.id and m.page = 'news') as "lastSeenNewsDate",
    ${accountColumns({ lastYear: '$2', withCurrent: 'true', year: '$2', today: '$3::date', fallback: '$4' })}
  from sessions s join users u on u.id = s.user_id join user_groups g on g.id = u.group_id join locations l on l.id = u.location_id
    left join user_groups pg on pg.id = g.parent_id
  where s.token_hash = $1 and s.revoked_at is null and u.active
    and s.last_seen_at > now() - make_interval(mins => case when s.client_kind = 'tablet' then g.login_time_tablet else g.login_time_desktop end)`;

interface CurrentUserRow extends AccountRow {
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  avatarFileId: string | null;
  personalNumber: string;
  allowedLocationsClaim: string[];
  selectedLocationId: string | null;
  additionalLocations: string[];
  role: string;
  roleLabel: string;
  permissions: string[];
  parentTeam: string | null;
  enrolmentPending: boolean;
  location: [string, string, string, string, string];
  extra: [string, string][];
  lastSeenNewsDate: string | null;
}

function currentUser(r: CurrentUserRow) {
  const [locationId, locationName, street, zip, city] = r.location;
  const names = new Map<string, string>([[locationId, locationName], ...r.extra]);
  const availableLocations = [locationId, ...r.additionalLocations].filter((id) => names.has(id)).map((id) => ({ id, label: names.get(id)! }));
  const selected = r.selectedLocationId && names.has(r.selectedLocationId) ? r.selectedLocationId : locationId;
  const account = yearAccountOf(r, currentYear());
  return {
    user: {
      id: r.id,
      active: r.active,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      email: r.email,
      username: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      shortName: `${r.firstName.charAt(0)}. ${r.lastName}`,
      firstNameShort: r.firstName.charAt(0),
      fullName: `${r.firstName} ${r.lastName}`,
      phone: r.phone,
      role: r.role,
      roleIdentifier: r.role,
      roleLabel: r.roleLabel,
      resourceUri: r.avatarFileId ? `/api/avatar/${r.avatarFileId}` : null,
      location: { id: locationId, name: locationName, street, zip, city },
      currentLocation: { id: selected, label: names.get(selected)! },
      currentLocationLabel: names.get(selected)!,
      locationLabel: locationName,
      selectedLocation: selected,
      availableLocations,
      permissions: r.role === 'Admin' ? PERMISSION_NAMES : r.permissions,
      team: r.role,
      personalNumber: r.personalNumber,
      availableHolidays: account.available,
      holidaysTakenThisYear: account.taken,
      holidaysPlannedThisYear: account.planned,
      holidaysExpiring: account.expiring,
      holidaysExpiryDate: account.expiring > 0 ? account.expiryDate : null,
      allowedLocationsClaim: r.allowedLocationsClaim,
      lastSeenNewsDate: r.lastSeenNewsDate,
    },
    parentTeam: r.parentTeam,
    lastSeenNewsDate: r.lastSeenNewsDate,
    secondFactorPending: r.enrolmentPending,
  };
}

/**
 * GET /api/absence/:from/all/1 for the Admin (who sees and may process every request): the open
 * vacation requests by start, 20 from `from`, with their deputies and the blocked period they
 * fall in, the count of all, and the accounts of the page's people up to the last year their
 * open requests touch (for the quota warning).
 */
const OPEN_VACATION = `with me as (${session}),
  allowed as (select id from me where role = 'Admin'),
  open as (select a.id, a.start_date from absences a where a.kind = 'vacation' and not a.approved and not a.declined and exists (select 1 from allowed)),
  page as (select a.*, p.n from absences a join (select id, row_number() over (order by start_date, id) as n from (select id, start_date from open order by start_date, id limit ${VACATION_PAGE_SIZE} offset $2) o) p on p.id = a.id),
  counted as (select * from page where user_id is not null and not special_holiday and not overtime_deduction),
  years as (select max(k::int) as last, bool_or(k::int = $3) as current from counted, jsonb_object_keys(counted.days_by_year) k)
select (select count(*) from me) as known, (select count(*) from allowed) as allowed,
  (select count(*) from open)::int as total,
  coalesce((select json_agg(json_build_object('id', a.id, 'userId', a.user_id, 'startDate', a.start_date, 'endDate', a.end_date, 'createdAt', a.created_at,
      'countDays', a.count_days, 'dayLength', a.day_length, 'confirmedBy', a.confirmed_by, 'confirmedAt', a.confirmed_at, 'approved', a.approved, 'declined', a.declined,
      'specialHoliday', a.special_holiday, 'reason', a.reason, 'overtimeDeduction', a.overtime_deduction, 'overtime', a.overtime, 'daysByYear', a.days_by_year,
      'declineReason', a.decline_reason, 'warnings', a.warnings, 'approvalNote', a.approval_note, 'creditedDates', a.credited_dates,
      'lastName', u.last_name, 'firstName', u.first_name, 'personalNumber', u.personal_number, 'locationLabel', l.name, 'confirmerName', c.first_name || ' ' || c.last_name,
      'deputies', (select coalesce(json_agg(json_build_array(d.user_id, du.first_name || ' ' || du.last_name, d.declined_at is not null, d.decline_reason) order by du.last_name, du.first_name), '[]')
        from vacation_deputies d join users du on du.id = d.user_id where d.absence_id = a.id),
      'blocked', case when not a.approved and not a.declined and not a.special_holiday then
        (select json_build_array(b.start_date, b.end_date, b.reason, bl.name) from blocked_periods b left join locations bl on bl.id = b.location_id
          where b.end_date >= a.start_date and b.start_date <= a.end_date and (b.location_id is null or b.location_id = u.location_id) order by b.start_date limit 1) end)
    order by a.n) from page a left join users u on u.id = a.user_id left join locations l on l.id = u.location_id left join users c on c.id = a.confirmed_by), '[]') as rows,
  coalesce((select json_agg(row_to_json(x)) from (select ${accountColumns({ lastYear: 'years.last', withCurrent: 'years.current', year: '$3', today: '$4::date', fallback: '$5' })}
      from users u join locations l on l.id = u.location_id, years where u.id in (select user_id from counted)) x), '[]') as accounts`;

interface VacationRow {
  id: string;
  userId: string | null;
  startDate: string;
  endDate: string;
  createdAt: string;
  countDays: number;
  dayLength: DayLength;
  confirmedBy: string | null;
  confirmedAt: string | null;
  approved: boolean;
  declined: boolean;
  specialHoliday: boolean;
  reason: string;
  overtimeDeduction: boolean;
  overtime: number | null;
  daysByYear: Record<string, number>;
  declineReason: string;
  warnings: string[];
  approvalNote: string;
  creditedDates: string[];
  lastName: string | null;
  firstName: string | null;
  personalNumber: string | null;
  locationLabel: string | null;
  confirmerName: string | null;
  deputies: [string, string, boolean, string][];
  blocked: [string, string, string, string | null] | null;
}

function openVacation(row: { total: number; rows: VacationRow[]; accounts: (AccountRow & { createdAt: string })[] }) {
  const today = todayIso();
  const counted = (r: VacationRow) => !r.approved && !r.declined && r.userId && !r.specialHoliday && !r.overtimeDeduction;
  const years = [...new Set(row.rows.filter(counted).flatMap((r) => Object.keys(r.daysByYear).map(Number)))];
  const accounts = years.length ? accountsFromRows(row.accounts.map((a) => ({ ...a, createdAt: new Date(a.createdAt) })), years) : { byYear: new Map(), pending: new Map() };
  return {
    absences: row.rows.map((r) => {
      const over = counted(r)
        ? quotaExceeded(Object.keys(r.daysByYear).map(Number), (y) => accounts.byYear.get(`${r.userId}:${y}`), (y) => accounts.pending.get(`${r.userId}:${y}`) ?? 0)
        : null;
      return {
        id: r.id,
        userId: r.userId,
        userData: r.userId ? [r.lastName, r.firstName, r.locationLabel, r.personalNumber ?? ''].join(', ') : 'Benutzer gelöscht',
        lastName: r.lastName ?? 'Benutzer gelöscht',
        firstName: r.firstName ?? '',
        locationLabel: r.locationLabel ?? '',
        personalNumber: r.personalNumber ?? '',
        startDate: r.startDate,
        endDate: r.endDate,
        startDateFormated: formatDate(r.startDate),
        endDateFormated: formatDate(r.endDate),
        createdAtFormated: formatDate(r.createdAt),
        countDays: Number(r.countDays),
        dayLength: r.dayLength,
        confirmedByData: r.confirmerName ?? (r.confirmedBy === null && r.confirmedAt ? 'Benutzer gelöscht' : ''),
        confirmedAtFormated: formatDate(r.confirmedAt),
        approved: r.approved,
        declined: r.declined,
        state: absenceStateLabel(r),
        status: '3',
        statusLabel: 'Urlaub',
        specialHoliday: r.specialHoliday,
        reason: r.reason,
        overtimeDeduction: r.overtimeDeduction,
        overtime: r.overtime === null ? null : Number(r.overtime),
        exceeds: over ? [over.open, over.remaining] : null,
        exceedsYear: over ? over.year : null,
        declineReason: r.declined ? r.declineReason : '',
        blockedPeriod: r.blocked ? blockedPeriodMessage({ startDate: r.blocked[0], endDate: r.blocked[1], reason: r.blocked[2], locationLabel: r.blocked[3] ?? ALL_LOCATIONS_LABEL }) : '',
        approvalNote: r.approved ? r.approvalNote : '',
        warnings: !r.approved && !r.declined ? r.warnings : [],
        deputies: r.deputies.map(([userId, name, declined, declineReason]) => ({ userId, name, declined, declineReason })),
        creditedDays: r.approved ? r.creditedDates.length * dayFactor(r.dayLength) : 0,
        // The Admin may process and delete every request.
        canAccept: !r.approved,
        canDecline: !r.declined && r.endDate >= today,
        canDelete: true,
      };
    }),
    count: row.total,
  };
}

/**
 * GET /api/calendar/:location/:date for the Admin: the location with its info rows, the week's
 * trainings of its people and the special appointments, and its people (by group and name) with
 * their sick reports, approved vacations and hand-set entries of the week. The cells and lines are
 * the portal's own pure composition (composeWeek) of those inputs.
 */
const CALENDAR_WEEK = `with me as (${session}),
  allowed as (select id from me where role = 'Admin')
select (select count(*) from me) as known, (select count(*) from allowed) as allowed,
  (select row_to_json(x) from (select l.id, l.name, l.region, l.min_staff as "minStaff",
      coalesce((select json_agg(json_build_array(i.date, i.info)) from location_infos i where i.location_id = l.id and i.date >= $3 and i.date <= $4), '[]') as infos,
      coalesce((select json_agg(json_build_array(r.user_id, t.date, t.title, t.time)) from trainings t join training_registrations r on r.training_id = t.id and r.approved
        join users u on u.id = r.user_id where t.date >= $3 and t.date <= $4 and t.cancelled_at is null and u.location_id = l.id), '[]') as trainings,
      coalesce((select json_agg(json_build_array(s.id, s.info, s.date, s.end_date) order by s.date, s.info) from special_appointments s
        where s.date <= $4 and s.end_date >= $3 and (cardinality(s.locations) = 0 or l.id = any(s.locations))), '[]') as appointments
    from locations l where l.id = $2 and exists (select 1 from allowed)) x) as location,
  coalesce((select json_agg(row_to_json(p) order by p."sortingIndex", p."teamLabel", p."lastName", p."firstName") from (select u.id, u.first_name as "firstName", u.last_name as "lastName", u.personal_number as "personalNumber",
      u.free_days as "freeDays", u.presence, g.id as "teamId", g.label as "teamLabel", g.sorting_index as "sortingIndex",
      coalesce((select json_agg(json_build_array(a.kind, a.start_date, a.end_date, a.special_holiday, a.reason, a.overtime_deduction, a.overtime, a.day_length))
        from absences a where a.kind in ('sick', 'vacation') and a.user_id = u.id and a.start_date <= $4 and a.end_date >= $3 and (a.kind = 'sick' or a.approved)), '[]') as periods,
      coalesce((select json_agg(json_build_array(e.date, e.status, e.info, e.updated_at, up.first_name, up.last_name))
        from calendar_entries e left join users up on up.id = e.updated_by where e.user_id = u.id and e.date >= $3 and e.date <= $4), '[]') as entries
    from users u join user_groups g on g.id = u.group_id
    where u.location_id = $2 and u.active and g.name <> 'Ausgeblendet' and exists (select 1 from allowed)) p), '[]') as people`;

/** The Admin's rights in every location's calendar. */
const ADMIN_CALENDAR = { see: true, editCells: true, editInfo: true, editSick: true, editVacation: true, export: true, chooseLocation: true, extendedTitle: true };

export interface ReferenceOptions {
  /** Headers the portal sends on every answer (security headers, Cache-Control). */
  headers: Record<string, string>;
}

/** A Fastify with the reference's routes on a pool of the portal's database. */
export function buildReference(pool: pg.Pool, opts: ReferenceOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  const tokenHash = (auth: string | undefined) => createHash('sha256').update(auth?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '').digest('hex');
  app.get('/api/user', async (req, reply) => {
    const year = currentYear();
    const { rows } = await pool.query({ name: 'ref_current_user', text: CURRENT_USER, values: [tokenHash(req.headers.authorization), year, todayIso(), DEFAULT_CARRY_OVER_EXPIRY] });
    if (!rows[0]) return reply.code(401).send();
    return reply.headers(opts.headers).send(currentUser(rows[0] as CurrentUserRow));
  });
  app.get<{ Params: { location: string; date: string } }>('/api/calendar/:location/:date', async (req, reply) => {
    const today = todayIso();
    const dates = weekDates(req.params.date);
    const { rows } = await pool.query({ name: 'ref_calendar_week', text: CALENDAR_WEEK, values: [tokenHash(req.headers.authorization), req.params.location, dates[0], dates[6]] });
    const row = rows[0] as { known: string; allowed: string; location: WeekLocation | null; people: WeekPerson[] };
    if (row.known === '0') return reply.code(401).send();
    if (row.allowed === '0') return reply.code(403).send();
    if (!row.location) return reply.code(404).send();
    return reply.headers(opts.headers).send(composeWeek(ADMIN_CALENDAR, dates, today, row.location, row.people));
  });
  app.get<{ Params: { from: string } }>('/api/absence/:from/all/1', async (req, reply) => {
    const year = currentYear();
    const from = Math.max(0, Number(req.params.from) || 0);
    const { rows } = await pool.query({ name: 'ref_open_vacation', text: OPEN_VACATION, values: [tokenHash(req.headers.authorization), from, year, todayIso(), DEFAULT_CARRY_OVER_EXPIRY] });
    const row = rows[0] as { known: string; allowed: string; total: number; rows: VacationRow[]; accounts: (AccountRow & { createdAt: string })[] };
    if (row.known === '0') return reply.code(401).send();
    if (row.allowed === '0') return reply.code(403).send();
    return reply.headers(opts.headers).send(openVacation(row));
  });
  app.get<{ Params: { from: string }; Querystring: { completed?: string } }>('/api/claims/list/:from', async (req, reply) => {
    if (req.query.completed !== 'false') return reply.code(404).send();
    const from = Math.max(0, Number(req.params.from) || 0);
    const { rows } = await pool.query({ name: 'ref_open_claims', text: OPEN_CLAIMS, values: [tokenHash(req.headers.authorization), from, BOOKING_ROLES, ALL_CLAIMS] });
    const row = rows[0] as { known: string; allowed: string; body: string };
    if (row.known === '0') return reply.code(401).send();
    if (row.allowed === '0') return reply.code(403).send();
    return reply.headers(opts.headers).type('application/json; charset=utf-8').send(row.body);
  });
  return app;
}

/**
 * Run as a script by the bench: on PostgreSQL (DATABASE_URL) with the portal's pool size, or on
 * the PGlite directory REFERENCE_PGLITE through the same database thread the portal uses.
 */
async function main() {
  const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(process.env.REFERENCE_PGLITE!);
  const app = buildReference((database.db as unknown as { $client: pg.Pool }).$client, { headers: JSON.parse(process.env.REFERENCE_HEADERS ?? '{}') as Record<string, string> });
  app.get('/api/health', () => ({ status: 'ok' }));
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  await app.listen({ port: Number(process.env.PORT ?? 3903), host: '127.0.0.1' });
}

if (process.argv[1]?.endsWith('bench/src/reference.ts')) await main();
