import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { countWorkingDaysByYear, exceedsText, freeWeekdays, weekdayCode, type DayRules } from '@filialportal/core/absences';
import { addDays, mondayOfWeek } from '@filialportal/core/calendar';
import { publicHolidays, regionHolidays } from '@filialportal/core/holidays';
import { ROLE_IDENTIFIERS } from '@filialportal/core/roles';
import type { Db } from '../platform/db.ts';
import { formatDate } from '../platform/dates.ts';
import { absences } from '../modules/absences/absences.table.ts';
import { locations } from '../modules/locations/locations.table.ts';
import { taskAssignments, tasks } from '../modules/tasks/tasks.table.ts';
import { userGroups } from '../modules/teams/teams.table.ts';
import { users } from '../modules/users/users.table.ts';

// The tools of the demo's vacation and sick history (demo-absences.ts): the people with their
// approvers, day arithmetic, a year's vacation plan, and the bulk insert of requests and tasks.

const OWN_LOCATION = 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten';
const SUBGROUPS = 'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten';
const ALL = 'urlaub_von_allen_sehen_und_bearbeiten';
const SICK_OWN_LOCATION = 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten';
const LOGINS = new Set(ROLE_IDENTIFIERS.map((r) => `${r.toLowerCase()}@example.com`));
const SHOP_ROLES = new Set(['Filialleitung', 'Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger', 'Franchise', 'FranchisepartnerFiliale']);

export type Span = readonly [string, string];
export type State = 'approved' | 'declined' | 'open';
export type Rng = () => number;

export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  groupId: string;
  role: string;
  locationId: string;
  contingent: number;
  rules: DayRules;
  free: ReadonlySet<string>;
  region: string;
  shop: boolean;
  /** One of the role logins `<role>@example.com`. */
  login: boolean;
  rnd: Rng;
  /** Live (not declined) vacation, sick reports, and periods kept free of new vacation. */
  live: Span[];
  sick: Span[];
  blocked: Span[];
  /** Approved ordinary days per year, and those of each year up to 31 March (carry-over first). */
  used: Map<number, number>;
  early: Map<number, number>;
  /** Approved ordinary requests per year, for the sick reports during vacation. */
  blocks: Map<number, Span[]>;
}

export interface Row {
  id: string;
  kind: 'vacation' | 'sick';
  person: Person;
  span: Span;
  state: State;
  special?: string;
  overtime?: number;
  declineReason?: string;
  /** An open request beyond the year's remaining days: its approval task names both numbers. */
  warning?: { year: number; open: number; remaining: number };
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  createdBy: string;
}

/** mulberry32 over a string hash: the same sequence for the same key on every start. */
export function seeded(key: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const int = (r: Rng, from: number, to: number) => from + Math.floor(r() * (to - from + 1));
export const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
export const overlaps = (a: Span, b: Span) => a[0] <= b[1] && b[0] <= a[1];

/**
 * The active people in personal-number order, and who decides on their requests: the tiers of
 * approversOf in vacation.service.ts, ranked here from the groups' permissions.
 */
export async function loadPeople(db: Db) {
  const loaded = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      personalNumber: users.personalNumber,
      groupId: users.groupId,
      locationId: users.locationId,
      freeDays: users.freeDays,
      contingent: users.holidayContingent,
      role: userGroups.name,
      region: locations.region,
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.active, true))
    .orderBy(users.personalNumber);
  const groups = new Map((await db.select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions, subs: userGroups.subordinateUserGroups }).from(userGroups)).map((g) => [g.id, g]));
  const people: Person[] = loaded.map(({ personalNumber, freeDays, ...u }) => ({
    ...u,
    contingent: Number(u.contingent),
    rules: { freeDays, holidays: regionHolidays(u.region) },
    free: freeWeekdays(freeDays),
    shop: SHOP_ROLES.has(u.role),
    login: LOGINS.has(u.email),
    rnd: seeded(`${personalNumber ?? u.id}:${u.email}`),
    live: [],
    sick: [],
    blocked: [],
    used: new Map(),
    early: new Map(),
    blocks: new Map(),
  }));
  const hr = people.find((p) => p.email === 'personalleitung@example.com') ?? people[0]!;
  const cache = new Map<string, Person[]>();
  const approvers = (p: Person): Person[] => {
    const hit = cache.get(p.id);
    if (hit) return hit;
    let best = 5;
    let out: Person[] = [];
    for (const u of people) {
      if (u.id === p.id) continue;
      const g = groups.get(u.groupId)!;
      const oversees = g.subs.includes(p.groupId);
      const holds = (perm: string) => g.permissions.includes(perm);
      const admin = g.name === 'Admin';
      const tier =
        !admin && oversees && holds(OWN_LOCATION) && u.locationId === p.locationId ? 1
        : !admin && oversees && holds(SUBGROUPS) ? 2
        : !admin && holds(ALL) ? 3
        : admin ? 4
        : 5;
      if (tier < best) [best, out] = [tier, [u]];
      else if (tier === best && tier < 5) out.push(u);
    }
    cache.set(p.id, out);
    return out;
  };
  /** The approver who decides: the one at the person's location, else the line manager before HR. */
  const decider = (p: Person) => {
    const list = approvers(p);
    return list.find((u) => u.locationId === p.locationId) ?? list.find((u) => u.role !== 'Personalleitung') ?? list[0] ?? hr;
  };
  /** Who enters a sick report: whoever keeps the location's sick reports (the Filialleitung), else HR. */
  const sickClerk = (p: Person) =>
    people.find((u) => u.id !== p.id && u.locationId === p.locationId && groups.get(u.groupId)!.name !== 'Admin' && groups.get(u.groupId)!.permissions.includes(SICK_OWN_LOCATION)) ?? hr;
  return { people, approvers, decider, sickClerk };
}

// ── Day arithmetic ────────────────────────────────────────────────────────────────────────────

/** Working days of the span (of one year), counted as the application counts them. */
export function daysIn(p: Person, s: Span, year?: number): number {
  const byYear = countWorkingDaysByYear(s[0], s[1], p.rules);
  return year === undefined ? [...byYear.values()].reduce((a, b) => a + b, 0) : (byYear.get(year) ?? 0);
}
export const working = (p: Person, d: string) => !p.free.has(weekdayCode(d)) && !publicHolidays(p.region, Number(d.slice(0, 4))).has(d);

/** From a working day on, the span covering `n` working days. */
export function spanOfWorkingDays(p: Person, start: string, n: number): Span {
  let end = start;
  for (let left = n - 1; left > 0; ) {
    end = addDays(end, 1);
    if (working(p, end)) left--;
  }
  return [start, end];
}
/** Monday to Saturday (shops) or Friday (offices) of `weeks` weeks. */
export const weeksFrom = (p: Person, monday: string, weeks: number): Span => [monday, addDays(monday, 7 * weeks - (p.shop ? 2 : 3))];
export const isFree = (p: Person, s: Span) => ![...p.live, ...p.blocked, ...p.sick].some((x) => overlaps(x, s));

/** The largest part of the span from its start with at most `max` working days in `year`, or null. */
export function fit(p: Person, s: Span, year: number, max: number): Span | null {
  if (max <= 0) return null;
  for (let end = s[1]; end >= s[0]; end = addDays(end, -1)) {
    const d = daysIn(p, [s[0], end], year);
    if (d === 0) return null;
    if (d <= max) {
      while (end > s[0] && !working(p, end)) end = addDays(end, -1);
      return [s[0], end];
    }
  }
  return null;
}

/**
 * Ordinary vacation of one year up to `target` days (with what the year has already): blocks in
 * the order people plan them (a spring week, Christmas, two or three summer weeks, an autumn week,
 * the bridge day after Ascension), then single days. Returns the spans, not yet requested.
 */
export function planYear(p: Person, year: number, target: number, springEarly: boolean): Span[] {
  const r = p.rnd;
  const planned: Span[] = [];
  let used = p.used.get(year) ?? 0;
  const take = (wish: Span) => {
    // Up to the day before whatever lies in the way (a period starting on the first day: none).
    let s = wish;
    for (const x of [...p.live, ...p.blocked, ...p.sick, ...planned]) {
      if (!overlaps(x, s)) continue;
      if (x[0] <= s[0]) return;
      s = [s[0], addDays(x[0], -1)];
    }
    let first = s[0];
    while (first < s[1] && !working(p, first)) first = addDays(first, 1);
    const part = fit(p, [first, s[1]], year, target - used);
    if (!part) return;
    planned.push(part);
    used += daysIn(p, part, year);
  };
  const ascension = [...publicHolidays(p.region, year)].find(([, name]) => name === 'Christi Himmelfahrt')?.[0];
  const christmasAcross = r() < 0.3;
  take(weeksFrom(p, mondayOfWeek(year, springEarly ? int(r, 5, 12) : int(r, 15, 20)), 1));
  take(christmasAcross ? [`${year}-12-27`, `${year + 1}-01-0${int(r, 2, 3)}`] : [`${year}-12-${int(r, 21, 23)}`, `${year}-12-31`]);
  take(weeksFrom(p, mondayOfWeek(year, int(r, 24, 33)), p.contingent < 20 ? 1 : r() < 0.6 ? 2 : 3));
  take(weeksFrom(p, mondayOfWeek(year, int(r, 40, 44)), 1));
  if (ascension) take([addDays(ascension, 1), addDays(ascension, 1)]);
  for (let attempt = 0; attempt < 60 && used < target; attempt++) {
    const day = addDays(mondayOfWeek(year, int(r, 2, 50)), pick(r, [0, 0, 3, 4, 4]));
    if (working(p, day)) take(spanOfWorkingDays(p, day, Math.min(target - used, int(r, 1, 3))));
  }
  return planned;
}

/**
 * Writes the rows, and for each vacation request the approval task requestVacation would have
 * created (linkedTaskCtes: locked, priority 2, to the approvers; completed when it was decided).
 * Rows go as JSON in one parameter: a VALUES list of some thousand rows costs PGlite seconds to bind.
 */
export async function storeRows(db: Db, rows: readonly Row[], approvers: (p: Person) => Person[]) {
  const absenceRows = rows.map((x) => {
    const byYear = countWorkingDaysByYear(x.span[0], x.span[1], x.person.rules);
    return {
      id: x.id,
      kind: x.kind,
      user_id: x.person.id,
      start_date: x.span[0],
      end_date: x.span[1],
      count_days: [...byYear.values()].reduce((a, b) => a + b, 0),
      days_by_year: Object.fromEntries([...byYear].map(([y, d]) => [String(y), d])),
      approved: x.state === 'approved',
      declined: x.state === 'declined',
      confirmed_by: x.decidedBy,
      confirmed_at: x.decidedAt,
      special_holiday: Boolean(x.special),
      reason: x.special ?? '',
      overtime_deduction: x.overtime !== undefined,
      overtime: x.overtime ?? null,
      decline_reason: x.state === 'declined' ? (x.declineReason ?? '') : '',
      created_by: x.createdBy,
      created_at: x.createdAt,
      updated_at: x.decidedAt ?? x.createdAt,
    };
  });
  const requests = rows.filter((x) => x.kind === 'vacation' && approvers(x.person).length > 0);
  const taskRows = requests.map((x) => ({
    id: randomUUID(),
    title:
      `Urlaubsantrag ${x.person.lastName}, ${x.person.firstName}: ${formatDate(x.span[0])} – ${formatDate(x.span[1])}` +
      (x.warning ? ` – ${exceedsText(x.warning.open, x.warning.remaining, x.warning.year)}` : ''),
    deadline: x.span[0],
    reference: `absence:${x.id}`,
    created_by: x.person.id,
    users: approvers(x.person).map((u) => u.id),
    created_at: x.createdAt,
    updated_at: x.decidedAt ?? x.createdAt,
  }));
  const assignmentRows = requests.flatMap((x, i) =>
    approvers(x.person).map((u) => ({
      task_id: taskRows[i]!.id,
      user_id: u.id,
      completed_at: x.decidedAt,
      completed_by: x.decidedBy,
      created_at: x.createdAt,
      updated_at: x.decidedAt ?? x.createdAt,
    })),
  );
  const json = (list: readonly object[]) => sql`${JSON.stringify(list)}::json`;
  await db.execute(sql`insert into ${absences} (id, kind, user_id, start_date, end_date, count_days, days_by_year, approved, declined, confirmed_by, confirmed_at,
      special_holiday, reason, overtime_deduction, overtime, decline_reason, created_by, created_at, updated_at)
    select * from json_to_recordset(${json(absenceRows)}) as x(id uuid, kind text, user_id uuid, start_date date, end_date date, count_days numeric, days_by_year jsonb,
      approved boolean, declined boolean, confirmed_by uuid, confirmed_at timestamptz, special_holiday boolean, reason text, overtime_deduction boolean, overtime numeric,
      decline_reason text, created_by uuid, created_at timestamptz, updated_at timestamptz)`);
  await db.execute(sql`insert into ${tasks} (id, title, deadline, priority, multi_task, locked, link, reference, created_by, users, created_at, updated_at)
    select id, title, deadline, 2, false, true, '/urlaub/1', reference, created_by, users, created_at, updated_at
    from json_to_recordset(${json(taskRows)}) as x(id uuid, title text, deadline date, reference text, created_by uuid, users uuid[], created_at timestamptz, updated_at timestamptz)`);
  await db.execute(sql`insert into ${taskAssignments} (task_id, user_id, completed_at, completed_by, created_at, updated_at)
    select * from json_to_recordset(${json(assignmentRows)}) as x(task_id uuid, user_id uuid, completed_at timestamptz, completed_by uuid, created_at timestamptz, updated_at timestamptz)`);
}
