import { randomUUID } from 'node:crypto';
import { addDays, mondayOf, mondayOfWeek } from '@filialportal/core/calendar';
import { countWorkingDaysByYear } from '@filialportal/core/absences';
import type { Db } from '../platform/db.ts';
import { berlinInstant } from '../platform/dates.ts';
import { contingents } from '../modules/absences/absences.table.ts';
import { recomputeSickCredits } from '../modules/absences/sick-credit.ts';
import {
  daysIn,
  fit,
  int,
  isFree,
  loadPeople,
  overlaps,
  pick,
  planYear,
  seeded,
  spanOfWorkingDays,
  storeRows,
  weeksFrom,
  working,
  type Person,
  type Rng,
  type Row,
  type Span,
  type State,
} from './demo-absences-kit.ts';

const SPECIAL_REASONS = ['Hochzeit', 'Umzug', 'Geburt eines Kindes', 'Trauerfall', 'Silberhochzeit Eltern', 'Einschulung Kind'];
const DECLINE_REASONS = ['Weihnachtsgeschäft', 'Inventur', 'Zu viele im Urlaub', 'Bitte andere Woche', ''];

export interface SeededAbsences {
  /** Whether the person is on vacation or sick on that day (the shifts leave those days out). */
  absent(userId: string, date: string): boolean;
}

/**
 * The demo company's vacation and sick history (issue 19), built around today in Berlin so it
 * reads the same whenever the demo starts: for every active person approved vacation in the two
 * years before and this year (summer block, Christmas, single weeks, bridge days, about the
 * contingent plus what was carried over, so each year leaves a small rest that carries into the
 * next), special leave, overtime deduction and declined requests now and then; approved vacation
 * ahead for this year and next; open requests with their approval tasks in each branch, among them
 * one per branch that asks for more than the year has left; sick reports across the years, one
 * this week per branch and a few during approved vacation (credited back by recomputeSickCredits).
 * Every request has the approval task requestVacation would have given it (completed when it was
 * decided), created 2–8 weeks before the period and decided a few days later. Deterministic: a
 * fixed pseudo-random sequence per person, no Math.random.
 *
 * The role logins (`<role>@example.com`) are the people the API tests and browser journeys
 * request vacation and trainings for: their future stays free for the coming 22 weeks and next
 * year, but verkauf@ has an open request next year (weeks 15–16) and an approved one after those
 * 22 weeks, both clear of the weeks the tests use; verkauf@ has no sick reports.
 */
export async function seedAbsences(db: Db, today: string, now = new Date()): Promise<SeededAbsences> {
  const Y = Number(today.slice(0, 4));
  const monday = mondayOf(today);
  const { people, approvers, decider, sickClerk } = await loadPeople(db);
  const byEmail = (email: string) => people.find((p) => p.email === email);

  // ── Rows ────────────────────────────────────────────────────────────────────────────────────
  const rows: Row[] = [];
  const nowMs = now.getTime();
  const time = (r: Rng, from: number, to: number) => `${String(int(r, from, to)).padStart(2, '0')}:${String(int(r, 0, 59)).padStart(2, '0')}`;
  const notAfter = (d: Date, limit: number) => (d.getTime() > limit ? new Date(limit) : d);
  /** Created 2–8 weeks before the period (or some days ago, for periods far ahead), decided 1–4 days later. */
  const decidedTimes = (p: Person, start: string) => {
    const r = p.rnd;
    let created = addDays(start, -int(r, 14, 56));
    if (created > addDays(today, -3)) created = addDays(today, -int(r, 3, 30));
    let decided = addDays(created, int(r, 1, 4));
    if (decided >= today) decided = addDays(today, -1);
    return {
      createdAt: notAfter(berlinInstant(created, time(r, 7, 18)), nowMs - 2 * 3_600_000),
      decidedAt: notAfter(berlinInstant(decided, time(r, 8, 17)), nowMs - 3_600_000),
    };
  };
  const tally = (p: Person, s: Span) => {
    for (const [y, d] of countWorkingDaysByYear(s[0], s[1], p.rules)) {
      p.used.set(y, (p.used.get(y) ?? 0) + d);
      const lastEarly = `${y}-03-31`;
      if (s[0] <= lastEarly) {
        const from = s[0] < `${y}-01-01` ? `${y}-01-01` : s[0];
        p.early.set(y, (p.early.get(y) ?? 0) + daysIn(p, [from, s[1] < lastEarly ? s[1] : lastEarly], y));
      }
      p.blocks.set(y, [...(p.blocks.get(y) ?? []), s]);
    }
  };
  /** A vacation request: approved (also the ordinary ones counted), open or declined. */
  const vacation = (p: Person, span: Span, state: State, extra: Pick<Row, 'special' | 'overtime' | 'declineReason' | 'warning'> = {}) => {
    const by = decider(p);
    const times =
      state === 'open'
        ? { createdAt: notAfter(berlinInstant(addDays(today, -int(p.rnd, 1, 12)), time(p.rnd, 7, 18)), nowMs - 3_600_000), decidedAt: null }
        : decidedTimes(p, span[0]);
    rows.push({ id: randomUUID(), kind: 'vacation', person: p, span, state, ...extra, createdAt: times.createdAt, decidedAt: times.decidedAt, decidedBy: state === 'open' ? null : by.id, createdBy: p.id });
    if (state !== 'declined') p.live.push(span);
    if (state === 'approved' && !extra.special && !extra.overtime) tally(p, span);
  };
  /** A sick report, entered on its first or second day by whoever keeps the location's reports. */
  const sickReport = (p: Person, span: Span) => {
    const clerk = sickClerk(p);
    const entered = notAfter(berlinInstant(addDays(span[0], int(p.rnd, 0, 1)), time(p.rnd, 8, 11)), nowMs - 600_000);
    rows.push({ id: randomUUID(), kind: 'sick', person: p, span, state: 'approved', createdAt: entered, decidedAt: entered, decidedBy: clerk.id, createdBy: clerk.id });
    p.sick.push(span);
  };

  // ── Who gets what ───────────────────────────────────────────────────────────────────────────
  const byLocation = new Map<string, Person[]>();
  for (const p of people) byLocation.set(p.locationId, [...(byLocation.get(p.locationId) ?? []), p]);
  const staffAt = (locationId: string) => byLocation.get(locationId)!.filter((p) => !p.login);
  const quota = new Map<string, 'this' | 'next'>();
  const openers = new Set<string>();
  // 28 to 31 December, still open, for someone with about a day left (when that is three weeks ahead).
  const yearEnd: Span = [`${Y}-12-28`, `${Y}-12-31`];
  const yearEndOpen = addDays(today, 21) <= yearEnd[0];
  [...byLocation.keys()].forEach((locationId, li) => {
    const staff = staffAt(locationId);
    const r = seeded(`location:${li}`);
    const order = [...staff];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    // This week: one on vacation, one sick, so each calendar week shows UR and KR.
    const [onVacation, onSick, quotaPerson, ...rest] = order;
    if (onVacation) {
      const s = weeksFrom(onVacation, monday, 1);
      vacation(onVacation, s, 'approved');
    }
    if (onSick) {
      let start = addDays(today, -int(onSick.rnd, 0, 2));
      if (start < monday) start = monday;
      let end = addDays(start, 2);
      while (daysIn(onSick, [start, end]) === 0) end = addDays(end, 1);
      sickReport(onSick, [start, end]);
    }
    if (quotaPerson) quota.set(quotaPerson.id, yearEndOpen && li % 2 === 0 ? 'this' : 'next');
    for (const p of rest.slice(0, staff.length >= 5 ? 2 : 1)) openers.add(p.id);
  });

  // The role logins: nothing for the coming 22 weeks and next year (see above).
  const horizon: Span = [today, addDays(today, 154)];
  for (const p of people.filter((x) => x.login)) p.blocked.push(horizon, [`${Y + 1}-01-01`, `${Y + 1}-12-31`]);
  for (const p of people) if (quota.get(p.id) === 'this') p.blocked.push(yearEnd);

  // ── Three years up to today, and what is approved of this year ahead ─────────────────────────
  const carry = new Map<string, number>();
  const opening = new Map<string, number>();
  for (const p of people) {
    const r = p.rnd;
    let s = int(r, 0, 4);
    opening.set(p.id, s);
    // Now and then someone plans the first week late and the carried-over days expire on 31 March.
    const late = r() < 0.12;
    for (const year of [Y - 2, Y - 1, Y]) {
      const rest = quota.get(p.id) === 'this' && year === Y ? 1 : pick(r, [0, 1, 1, 2, 2, 3, 4]);
      const springEarly = s > 0 && !late;
      const spans = planYear(p, year, p.contingent + s - rest, springEarly);
      // Carried-over days not used by 31 March expire: the plan gives up as many days after it.
      const lastEarly = `${year}-03-31`;
      const early = spans.reduce((n, x) => (x[0] > lastEarly ? n : n + daysIn(p, [x[0] < `${year}-01-01` ? `${year}-01-01` : x[0], x[1] < lastEarly ? x[1] : lastEarly], year)), p.early.get(year) ?? 0);
      const lapse = Math.max(0, s - early);
      let cut = lapse;
      for (let i = spans.length - 1; i >= 0 && cut > 0; i--) {
        const x = spans[i]!;
        if (x[0] <= lastEarly) continue;
        const d = daysIn(p, x, year);
        const part = d > cut ? fit(p, x, year, d - cut) : null;
        cut -= d - (part ? daysIn(p, part, year) : 0);
        if (part) spans[i] = part;
        else spans.splice(i, 1);
      }
      for (const x of spans) vacation(p, x, 'approved');
      // Special leave, overtime deduction and a declined request now and then.
      if (r() < 0.25) {
        const day = addDays(mondayOfWeek(year, int(r, 3, 48)), int(r, 0, 4));
        const reason = pick(r, SPECIAL_REASONS);
        const s2 = spanOfWorkingDays(p, day, reason === 'Umzug' || reason === 'Hochzeit' ? 2 : 1);
        if (working(p, day) && isFree(p, s2)) vacation(p, s2, 'approved', { special: reason });
      }
      if (r() < 0.3) {
        const day = addDays(mondayOfWeek(year, int(r, 3, 48)), 4);
        if (working(p, day) && isFree(p, [day, day])) vacation(p, [day, day], 'approved', { overtime: pick(r, [8, 8, 7.5, 6]) });
      }
      if (r() < 0.18) vacation(p, weeksFrom(p, mondayOfWeek(year, int(r, 47, 50)), 1), 'declined', { declineReason: pick(r, DECLINE_REASONS) });
      s = p.contingent + s - lapse - (p.used.get(year) ?? 0);
    }
    carry.set(p.id, s);
  }

  // ── This year's rest and next year: open requests, quota warnings, plans already approved ────
  for (const p of people) {
    const r = p.rnd;
    const s = carry.get(p.id)!;
    if (quota.get(p.id) === 'this') {
      p.blocked.splice(p.blocked.indexOf(yearEnd), 1);
      const days = daysIn(p, yearEnd);
      if (isFree(p, yearEnd) && days > s) {
        vacation(p, yearEnd, 'open', { warning: { year: Y, open: days, remaining: s } });
        continue;
      }
      // The year's plan left more than those days: the warning falls on next year instead.
      quota.set(p.id, 'next');
    }
    if (p.login) continue;
    const next = planYear(p, Y + 1, p.contingent + s - 2, true);
    const isQuota = quota.get(p.id) === 'next';
    const opener = openers.has(p.id);
    const summerLike = (x: Span) => x[0] >= `${Y + 1}-06-01` && x[0] <= `${Y + 1}-08-31` && daysIn(p, x) >= 5;
    const springLike = (x: Span) => x[0] < `${Y + 1}-06-01` && daysIn(p, x) >= 4;
    let openDone = false;
    for (const x of next) {
      const kind = summerLike(x) ? 'summer' : springLike(x) ? 'spring' : 'other';
      if (kind === 'other' || !isFree(p, x)) continue;
      const approve = isQuota || (kind === 'summer' ? r() < 0.5 : r() < 0.25);
      if (approve) vacation(p, x, 'approved');
      else if (opener && !openDone && x[0] >= addDays(today, 21)) {
        vacation(p, x, 'open');
        openDone = true;
      }
    }
    if (isQuota) {
      // More than next year has left: four to eight weeks from September on.
      const left = p.contingent + s - (p.used.get(Y + 1) ?? 0);
      const start = mondayOfWeek(Y + 1, int(r, 36, 38));
      for (let weeks = 4; weeks <= 8; weeks++) {
        const x = weeksFrom(p, start, weeks);
        if (!isFree(p, x)) break;
        if (daysIn(p, x, Y + 1) > left) {
          vacation(p, x, 'open', { warning: { year: Y + 1, open: daysIn(p, x, Y + 1), remaining: left } });
          break;
        }
      }
    }
    if (opener && !openDone) {
      const x = weeksFrom(p, mondayOfWeek(Y + 1, int(r, 40, 43)), 1);
      if (isFree(p, x)) vacation(p, x, 'open');
    }
  }
  // verkauf@ has an own request open and one approved ahead, clear of the weeks the tests use:
  // next year's ISO weeks 1, 5, 10 and 12 and from week 20 on, and the coming 22 weeks.
  const verkauf = byEmail('verkauf@example.com');
  if (verkauf) {
    vacation(verkauf, weeksFrom(verkauf, mondayOfWeek(Y + 1, 15), 2), 'open');
    const busy: Span[] = [...[1, 5, 10, 12].map((w) => weeksFrom(verkauf, mondayOfWeek(Y + 1, w), 1)), [mondayOfWeek(Y + 1, 20), `${Y + 2}-12-31`], horizon, ...verkauf.live, ...verkauf.sick];
    search: for (let monday = mondayOf(addDays(horizon[1], 7)); monday < mondayOfWeek(Y + 1, 20); monday = addDays(monday, 7)) {
      for (const weeks of [2, 1]) {
        const x = weeksFrom(verkauf, monday, weeks);
        if (busy.some((b) => overlaps(b, x))) continue;
        vacation(verkauf, x, 'approved');
        break search;
      }
    }
  }

  // ── Sick reports: during vacation for some, then across the years before today ────────────────
  for (const p of people) {
    if (p.email === 'verkauf@example.com') continue;
    const r = p.rnd;
    if ((r() < 0.14 || p.email === 'filialleitung@example.com') && !quota.has(p.id)) {
      const candidates = [...(p.blocks.get(Y) ?? []), ...(p.blocks.get(Y - 1) ?? [])].filter((s) => s[1] < addDays(today, -3) && daysIn(p, s) >= 5);
      const s = candidates.length ? pick(r, candidates) : undefined;
      if (s) {
        // Ill for two or three days of it; now and then from two days before it began.
        const days: string[] = [];
        for (let d = s[0]; d <= s[1]; d = addDays(d, 1)) if (working(p, d)) days.push(d);
        const span: Span = r() < 0.35 ? [addDays(s[0], -2), days[1]!] : spanOfWorkingDays(p, days[int(r, 1, 2)]!, int(r, 2, 3));
        if (!p.sick.some((x) => overlaps(x, span))) sickReport(p, span);
      }
    }
    for (const year of [Y - 2, Y - 1, Y]) {
      const n = pick(r, [0, 1, 1, 1, 2, 2, 3]);
      for (let i = 0, attempts = 0; i < n && attempts < 20; attempts++) {
        const day = addDays(`${year}-01-05`, int(r, 0, 350));
        if (day >= addDays(today, -2) || !working(p, day)) continue;
        const length = r() < 0.6 ? int(r, 1, 3) : r() < 0.85 ? int(r, 4, 5) : int(r, 8, 10);
        const span = spanOfWorkingDays(p, day, length);
        if (span[1] >= today || !isFree(p, span)) continue;
        sickReport(p, span);
        i++;
      }
    }
  }

  // ── Into the database: requests with their approval tasks, HR's opening balance, credits ───
  await storeRows(db, rows, approvers);
  // HR's opening balance two years ago; every later year carries over what the year before left.
  await db.insert(contingents).values(people.map((p) => ({ userId: p.id, year: Y - 2, surplus: opening.get(p.id)!, deduction: 0 })));
  await recomputeSickCredits({ db }, people.map((p) => p.id));

  const away = new Map<string, Span[]>();
  for (const x of rows) if (x.state !== 'declined' && (x.kind === 'sick' || x.state === 'approved')) away.set(x.person.id, [...(away.get(x.person.id) ?? []), x.span]);
  return { absent: (userId, date) => (away.get(userId) ?? []).some((s) => s[0] <= date && date <= s[1]) };
}
