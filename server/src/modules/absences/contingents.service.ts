import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, PgTransaction } from 'drizzle-orm/pg-core';
import { carryOverExpiry, contingent, countWorkingDays, DEFAULT_CARRY_OVER_EXPIRY, type Contingent, type DayRules } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { currentYear, todayIso } from '../../platform/dates.ts';
import type { Actor } from '../../platform/access.ts';
import { audit, type AuditActor } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { preparedSql } from '../../platform/prepared.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { globalSettings } from '../global-settings/index.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';
import { absences, contingents } from './absences.table.ts';

export interface YearAccount extends Contingent {
  year: number;
  holidayContingent: number;
  surplus: number;
  /** True when HR set the surplus; otherwise it is last year's open days. */
  surplusSet: boolean;
  deduction: number;
  /** Carried-over days that expire on `expiryDate` unless used before (still in `available`). */
  expiring: number;
  /** Carried-over days that expired on `expiryDate` (already taken off `available`). */
  expired: number;
  /** The year's expiry date of carried-over days (YYYY-MM-DD), or null when nothing expires. */
  expiryDate: string | null;
}

/** An approved request: [start, end, days per year, dates credited because of sickness, what a working day counts (1 or 0.5)]. */
type RequestTuple = [string, string, Record<string, number> | number | null, string[], number];

export interface AccountRow {
  id: string;
  holidayContingent: number;
  createdAt: Date;
  freeDays: string[];
  region: string;
  /** Expiry of carried-over days, 'MM-DD' or '' (global settings). */
  expiry: string;
  /** HR's values per year: [year, surplus | null, deduction]. */
  set: [number, number | null, number][];
  /** Approved ordinary vacation days per year up to the last asked one, less the days credited for sickness. */
  approved: Record<string, number>;
  /** Current year only: approved requests that began by today, with this year's days. */
  begun: RequestTuple[] | null;
  /** Approved requests touching the part of a year up to the expiry date, with all their days. */
  early: RequestTuple[];
  /** Days of open (undecided) ordinary requests per year. */
  pending: Record<string, number>;
}

/** The values an account statement needs besides the people: the years asked and today. */
const ACCOUNT_VALUES = ['lastYear', 'withCurrent', 'today', 'yearStart', 'year', 'lastDay'] as const;
type AccountValues = Record<(typeof ACCOUNT_VALUES)[number], unknown>;

function accountValues(lastYear: number, withCurrent: boolean): AccountValues {
  const year = currentYear();
  return { lastYear, withCurrent, today: todayIso(), yearStart: `${year}-01-01`, year: String(year), lastDay: `${lastYear}-12-31` };
}

/** The account columns of the people `people` (a condition on users u) selects. */
function accountSelect({ lastYear, withCurrent, today, yearStart, year, lastDay }: AccountValues, people: SQL): SQL {
    const ordinary = sql`a.user_id = u.id and a.kind = 'vacation' and not a.special_holiday and not a.overtime_deduction`;
    // What one working day of a request counts (core dayFactor): a half day 0.5.
    const factor = sql`(case when a.day_length = 'full' then 1 else 0.5 end)`;
    return sql`
    select u.id, u.holiday_contingent::float as "holidayContingent", u.created_at as "createdAt", u.free_days as "freeDays", l.region, g.expiry,
      coalesce((select json_agg(json_build_array(c.year, c.surplus, c.deduction)) from ${contingents} c
        where c.user_id = u.id and c.year <= ${lastYear}::int), '[]'::json) as "set",
      coalesce((select json_object_agg(s.y, s.days) from (
        select y, sum(days)::float as days from (
          select d.key as y, d.value::numeric as days from ${absences} a, jsonb_each_text(a.days_by_year) d
          where ${ordinary} and a.approved and d.key::int <= ${lastYear}::int
          union all
          select to_char(c, 'YYYY'), -${factor} from ${absences} a, unnest(a.credited_dates) c
          where ${ordinary} and a.approved and a.credited_dates <> '{}' and c <= ${lastDay}::date) t group by y) s), '{}'::json) as "approved",
      case when ${withCurrent}::boolean then coalesce((select json_agg(json_build_array(a.start_date, a.end_date, a.days_by_year -> ${year}::text, a.credited_dates, ${factor})) from ${absences} a
        where ${ordinary} and a.approved and a.start_date <= ${today}::date and a.end_date >= ${yearStart}::date), '[]'::json) end as "begun",
      case when g.expiry <> '' then coalesce((select json_agg(json_build_array(a.start_date, a.end_date, a.days_by_year, a.credited_dates, ${factor})) from ${absences} a
        where ${ordinary} and a.approved and a.start_date <= ${lastDay}::date
          and (to_char(a.start_date, 'MM-DD') <= g.expiry or date_part('year', a.start_date) <> date_part('year', a.end_date))), '[]'::json) else '[]'::json end as "early",
      coalesce((select json_object_agg(s.y, s.days) from (
        select d.key as y, sum(d.value::numeric)::float as days from ${absences} a, jsonb_each_text(a.days_by_year) d
        where ${ordinary} and not a.approved and not a.declined group by 1) s), '{}'::json) as "pending"
    from ${users} u join ${locations} l on l.id = u.location_id
      cross join (select coalesce((select ${globalSettings.carryOverExpiry} from ${globalSettings} order by ${globalSettings.createdAt} limit 1), ${DEFAULT_CARRY_OVER_EXPIRY}) as expiry) g
    where ${people}`;
}

/**
 * The people come as a JSON array, not as uuid[]: PostgreSQL estimates `= any($1)` at ten rows in
 * the statement's generic plan and at the real count in a plan for given values, so for one
 * person (a vacation request) the generic plan looked ten times dearer and the statement was
 * planned again on every call, which cost more than running it. A JSON array has one estimate
 * either way, so the plan is made once (docs/decisions/generische-plaene.md).
 */
const accountStatement = preparedSql<(typeof ACCOUNT_VALUES)[number] | 'ids', AccountRow>([...ACCOUNT_VALUES, 'ids'], (v) =>
  accountSelect(v, sql`u.id in (select people.person::uuid from jsonb_array_elements_text(${v.ids}::jsonb) as people(person))`),
);

/**
 * Everything the accounts of several people need, in one statement: the people, HR's values,
 * approved and open days per year from the stored per-year counts, the requests before each
 * year's expiry date and (for the current year) the requests already begun. One round trip
 * instead of six, one plan for any number of ids, prepared once per connection.
 */
function accountRows(db: Db, userIds: readonly string[], lastYear: number, withCurrent: boolean): Promise<AccountRow[]> {
  return accountStatement(db, { ids: JSON.stringify([...new Set(userIds)]), ...accountValues(lastYear, withCurrent) });
}

/**
 * This year's account of the person in `userId` as one JSON column of another statement (the
 * current user's, which so needs one round trip, not two); its values are placeholders
 * `account_<name>`, filled by `values()` on each execution.
 */
export function accountColumn(userId: AnyPgColumn) {
  const placeholders = Object.fromEntries(ACCOUNT_VALUES.map((k) => [k, sql.placeholder(`account_${k}`)])) as AccountValues;
  return {
    column: sql<unknown>`(select row_to_json(x) from (${accountSelect(placeholders, sql`u.id = ${userId}`)}) x)`,
    values: () => Object.fromEntries(Object.entries(accountValues(currentYear(), true)).map(([k, v]) => [`account_${k}`, v])),
    read: (value: unknown): YearAccount => {
      // row_to_json writes the instant as text.
      const row = value as AccountRow & { createdAt: string };
      return yearAccountOf({ ...row, createdAt: new Date(row.createdAt) }, currentYear());
    },
  };
}

export interface Accounts {
  /** Accounts by "userId:year". */
  byYear: Map<string, YearAccount>;
  /** Days of open requests by "userId:year". */
  pending: Map<string, number>;
}

/**
 * The vacation accounts of several people for the given years, with one statement: approved
 * days per year come from the stored per-year counts, the surplus of a year without an HR value
 * is the open days of the year before (from the year the person was created on) less what of it
 * expired.
 */
export async function accountsForYears({ db }: ServiceDeps<'db'>, { userIds, years }: { userIds: readonly string[]; years: readonly number[] }): Promise<Accounts> {
  if (userIds.length === 0 || years.length === 0) return { byYear: new Map(), pending: new Map() };
  return accountsFromRows(await accountRows(db, userIds, Math.max(...years), years.includes(currentYear())), years);
}

/**
 * The accounts for `years` from rows of the account statement's columns (read up to at least the
 * last of them, with this year's begun requests when this year is asked): pure arithmetic, which
 * the bench's reference shares.
 */
export function accountsFromRows(rows: readonly AccountRow[], years: readonly number[]): Accounts {
  const byYear = new Map<string, YearAccount>();
  const pending = new Map<string, number>();
  const today = todayIso();
  const lastYear = Math.max(...years);
  const wanted = new Set(years);
  for (const p of rows) {
    for (const [y, d] of Object.entries(p.pending)) pending.set(`${p.id}:${y}`, d);
    accountsOf(p, Math.min(...years), lastYear, today, (a) => wanted.has(a.year) && byYear.set(`${p.id}:${a.year}`, a));
  }
  return { byYear, pending };
}

/**
 * The accounts of several people for one year; `pending` holds the days of open requests per
 * person and year ("id:year").
 */
export async function accountsWithPending(
  deps: ServiceDeps<'db'>,
  { userIds, year }: { userIds: readonly string[]; year: number },
): Promise<{ accounts: Map<string, YearAccount>; pending: Map<string, number> }> {
  const { byYear, pending } = await accountsForYears(deps, { userIds, years: [year] });
  const accounts = new Map<string, YearAccount>();
  for (const [key, a] of byYear) accounts.set(key.slice(0, key.lastIndexOf(':')), a);
  return { accounts, pending };
}

export async function accountsFor(deps: ServiceDeps<'db'>, input: { userIds: readonly string[]; year: number }): Promise<Map<string, YearAccount>> {
  return (await accountsWithPending(deps, input)).accounts;
}

/**
 * One person's account for `year` from a row of the account statement's columns (the bench's
 * reference reads them in its own statement and computes the same answer).
 */
export function yearAccountOf(p: AccountRow, year: number): YearAccount {
  let account: YearAccount | null = null;
  accountsOf(p, year, year, todayIso(), (a) => (account = a));
  return account!;
}

/** One person's accounts, carried forward from the first year that has data up to `lastYear`. */
function accountsOf(p: AccountRow, fromYear: number, lastYear: number, today: string, emit: (a: YearAccount) => unknown) {
  const setRows = new Map(p.set.map(([y, surplus, deduction]) => [y, { surplus, deduction }]));
  // The chain of carry-overs starts with the first year that has data (the person's creation or
  // an HR value); a year asked before it stands alone, so no answer depends on the years asked with it.
  let dataYear = currentYear(p.createdAt);
  for (const y of setRows.keys()) if (y < dataYear) dataYear = y;
  const firstYear = Math.min(fromYear, dataYear);
  const rules = { freeDays: p.freeDays, holidays: regionHolidays(p.region) };
  const thisYear = currentYear();
  const taken = p.begun ? takenThisYear(p.begun, thisYear, today, rules) : null;
  let carry = 0;
  for (let y = firstYear; y <= lastYear; y++) {
    const row = setRows.get(y);
    const surplus = Number(row?.surplus ?? (y <= dataYear ? 0 : carry));
    const deduction = Number(row?.deduction ?? 0);
    const total = p.approved[String(y)] ?? 0;
    const split = y === thisYear && taken !== null;
    const yearTaken = split ? taken : total;
    const planned = split ? total - yearTaken : 0;
    const lapse = carryOverExpiry({ surplus, usedByExpiry: usedByExpiry(p, y, rules), year: y, expiry: p.expiry, today });
    const c = contingent({ holidayContingent: p.holidayContingent, surplus, deduction, taken: yearTaken, planned, expired: lapse.expired });
    // Built field by field: an object spread here cost 3 µs per year and person (V8's slow clone path).
    emit({
      available: c.available, taken: c.taken, planned: c.planned, open: c.open, year: y, holidayContingent: p.holidayContingent, surplus, surplusSet: row?.surplus != null, deduction,
      expiring: lapse.expiring, expired: lapse.expired, expiryDate: lapse.expiryDate,
    });
    // What carries into next year is what is left at the year's end: days still expiring will have expired by then.
    carry = c.open - lapse.expiring;
  }
}

/** Credited dates from `from` to `to`, each worth `factor` days. */
const creditedIn = (dates: readonly string[], from: string, to: string, factor: number) => dates.reduce((n, d) => (d >= from && d <= to ? n + factor : n), 0);

/** Approved ordinary days of year `y` from 1 January to the expiry date: they use the carried-over days first. */
function usedByExpiry(p: AccountRow, y: number, rules: DayRules): number {
  if (!p.expiry) return 0;
  const from = `${y}-01-01`;
  const to = `${y}-${p.expiry}`;
  let used = 0;
  for (const [start, end, days, credited, factor] of p.early) {
    if (start > to || end < from) continue;
    // The request's part of year y lies inside the window when it ends by the expiry date (or the year does).
    const inside = (end < `${y}-12-31` ? end : `${y}-12-31`) <= to;
    const stored = typeof days === 'object' && days ? days[String(y)] : undefined;
    // A part wholly inside the window counts its stored days; one that crosses it, its days inside.
    const n = inside && stored !== undefined ? stored : countWorkingDays(start > from ? start : from, end < to ? end : to, rules) * Number(factor);
    used += n - creditedIn(credited, from, to, Number(factor));
  }
  return used;
}

/** Approved days of this year up to today (taken); a request spanning today is split by day. */
function takenThisYear(begun: RequestTuple[], year: number, today: string, rules: DayRules): number {
  let taken = 0;
  for (const [start, end, days, credited, factor] of begun) {
    const from = start < `${year}-01-01` ? `${year}-01-01` : start;
    const to = end <= today ? end : today;
    const n = end <= today ? Number(days ?? 0) : countWorkingDays(from, today, rules) * Number(factor);
    taken += n - creditedIn(credited, from, to, Number(factor));
  }
  return taken;
}

/**
 * Saves HR's values for a year: the surplus only when it differs from what applies anyway, so a
 * saved form does not freeze a computed surplus. The trail records the values before and after
 * as the account shows them (a computed surplus included); `actor` is absent for the portal's own work.
 */
export async function saveAccount(deps: ServiceDeps<'db'>, values: { userId: string; year: number; surplus: number; deduction: number; actor?: AuditActor }) {
  const { db } = deps;
  const { userId, year } = values;
  const current = (await accountsFor(deps, { userIds: [userId], year })).get(userId);
  const surplus = current && current.surplus === values.surplus && !current.surplusSet ? null : values.surplus;
  await inTransaction(db, async (tx) => {
    await tx
      .insert(contingents)
      .values({ userId, year, surplus, deduction: values.deduction })
      .onConflictDoUpdate({ target: [contingents.userId, contingents.year], set: { surplus, deduction: values.deduction } });
    // Every person has an account for every year, stored or computed: HR's values change it, never create it.
    await audit(tx, values.actor ?? null, {
      entity: 'contingent',
      id: `${userId}:${year}`,
      action: 'update',
      subject: userId,
      before: current ? { surplus: current.surplus, deduction: current.deduction } : null,
      after: { surplus: values.surplus, deduction: values.deduction },
    });
  });
}

/** Runs `fn` in the caller's transaction (the user form saves the person with the account) or in a new one. */
function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const joined: boolean = db instanceof PgTransaction;
  return joined ? fn(db) : db.transaction(fn);
}

/** GET /user-contingents: the own account of the two years before, this year and the next. */
export async function ownContingents(deps: ServiceDeps<'db'>, actor: Actor) {
  const { userId } = actor;
  const year = currentYear();
  const years = [year - 2, year - 1, year, year + 1];
  const { byYear } = await accountsForYears(deps, { userIds: [userId], years });
  return {
    contingents: years.map((y) => {
      const a = byYear.get(`${userId}:${y}`)!;
      return {
        id: `${userId}:${y}`,
        userId,
        year: y,
        available: a.available,
        approvedHolidays: a.taken + a.planned,
        vacationClaim: a.holidayContingent,
        surplus: a.surplus,
        deduction: a.deduction,
        taken: a.taken,
        planned: a.planned,
        open: a.open,
        expiring: a.expiring,
        expired: a.expired,
        expiryDate: a.expiryDate,
      };
    }),
  };
}
