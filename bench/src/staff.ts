/**
 * Simulated staff: each person logs in once (from the address of their store, sent as
 * X-Forwarded-For to a server that trusts 127.0.0.1 as its proxy), then loops through a working
 * session with 1–3 s think time between the steps:
 *   Dashboard     – own user with vacation account, open-task counter, own open tasks (at once, as the page does)
 *   Listen        – open and accepted vacation requests
 *   Urlaubsantrag – a vacation request (two days in summer, two years ahead: free of the generated data)
 *   Kalender      – the store's current week; who may edit it sets a shift on a day of their own row
 *   Zurücknehmen  – the request withdrawn and the shift removed, so the next round starts alike
 * All log in first (as at the start of a shift), then everybody starts working, each after a think
 * time of their own. The measured window opens with the work; it counts the requests sent within it.
 */
import { addDays, mondayOfWeek } from '@filialportal/core/calendar';
import type { CalendarWeek } from '@filialportal/core/calendar';
import { prng } from './generate.ts';
import { type Latencies, percentiles } from './load.ts';

export interface StaffMember {
  userId: string;
  email: string;
  locationId: string;
  /** Whether the person's group may edit the store's calendar (then they set a shift, else they look). */
  editsCalendar: boolean;
  /** The store's address, sent as X-Forwarded-For. */
  address: string;
}

export const STEPS = ['Dashboard', 'Listen', 'Urlaubsantrag', 'Kalender', 'Zurücknehmen'] as const;
type Step = (typeof STEPS)[number];

export interface StaffResult extends Latencies {
  staff: number;
  /** Logins: how long until everybody was in, and each login's answer time. */
  loginSeconds: number;
  login: Latencies & { errors: number };
  windowSeconds: number;
  requests: number;
  rps: number;
  /** Refused or failed requests after login, in the window or not. */
  errors: number;
  /** Answered requests per step over the whole run (a step without any did not work at all). */
  completed: Record<Step, number>;
  /** The first few refusals, for the reader. */
  errorSamples: string[];
  steps: Record<Step, Latencies & { requests: number }>;
  /**
   * The window without its first round (`fromSeconds`: five steps of mean think time). All begin
   * within one think time, so the first round's steps come as waves of everybody at once; from the
   * second round on their phases have spread as a working day's would.
   */
  settled: Latencies & { requests: number; fromSeconds: number };
  /** Rounds finished by all staff in the window. */
  rounds: number;
  /** People who edit the calendar (the others look at it). */
  editors: number;
  /** Shifts set in the window. */
  calendarEdits: number;
}

export interface StaffOptions {
  baseUrl: string;
  password: string;
  staff: StaffMember[];
  /** Seconds measured after the last login. */
  seconds: number;
  /** Logins at once (each is an scrypt hash, which the server computes in its thread pool). */
  loginConcurrency: number;
  /** Think time between steps, uniformly between these milliseconds. */
  thinkMs: [number, number];
  today: string;
  /** Called when the window opens and closes, for CPU and probe readings. */
  hooks?: { start?(): void | Promise<void>; end?(): void | Promise<void> };
  /**
   * Tokens by e-mail: who has one works on with it instead of logging in again (a second run, which
   * the limit of logins per address would refuse); those who log in are added.
   */
  sessions?: Map<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request without an answer after this long counts as failed. */
const REQUEST_TIMEOUT_MS = 60_000;

/** Status 71 'Frühschicht', set by hand on a day whose cell comes from the week pattern. */
const SHIFT = 71;

export async function simulateStaff(opts: StaffOptions): Promise<StaffResult> {
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let stopping = false;
  const samples: Record<Step, number[]> = Object.fromEntries(STEPS.map((s) => [s, []])) as never;
  const completed: Record<Step, number> = Object.fromEntries(STEPS.map((s) => [s, 0])) as never;
  const all: number[] = [];
  /** When each request of `all` was sent. */
  const sentAt: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let rounds = 0;
  let calendarEdits = 0;
  const vacationYear = Number(opts.today.slice(0, 4)) + 2;

  type Answer = { status: number; body: unknown };
  const call = async (step: Step | null, member: StaffMember, token: string | null, method: string, path: string, body?: unknown): Promise<Answer> => {
    const started = performance.now();
    const headers: Record<string, string> = { 'x-forwarded-for': member.address, accept: 'application/json', 'accept-encoding': 'gzip' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status = 0;
    let text: string;
    try {
      const res = await fetch(`${opts.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = res.status;
      text = await res.text();
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      text = `${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''} nach ${Math.round(performance.now() - started)} ms`;
    }
    const ms = performance.now() - started;
    const inWindow = started >= windowStart && started < windowEnd;
    if (step && inWindow) {
      samples[step].push(ms);
      all.push(ms);
      sentAt.push(started);
    }
    if (status < 200 || status >= 300) {
      if (step) errors++;
      if (errorSamples.length < 5) errorSamples.push(`${method} ${path}: ${status} ${text.slice(0, 160)}`);
      return { status, body: null };
    }
    if (step) completed[step]++;
    return { status, body: text ? JSON.parse(text) : null };
  };

  const loginTimes: number[] = [];
  const tokens: { member: StaffMember; token: string; index: number }[] = [];
  let loginErrors = 0;
  const loops: Promise<void>[] = [];

  // Thinking ends early when the run stops, so nobody keeps the run waiting for seconds.
  const wakers = new Set<() => void>();
  const stop = () => {
    stopping = true;
    for (const wake of wakers) wake();
  };
  const session = async (member: StaffMember, token: string, index: number) => {
    // Seeded per person: the same think times on every run.
    const random = prng(index + 1).next;
    const think = () =>
      new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, opts.thinkMs[0] + random() * (opts.thinkMs[1] - opts.thinkMs[0]));
        wakers.add(wake);
      });
    const week = 24 + (index % 9);
    const start = addDays(mondayOfWeek(vacationYear, week), 1);
    const vacation = { startDate: start, endDate: addDays(start, 1), userId: member.userId, overtimeDeduction: false, specialHoliday: false, reason: '' };
    let vacationId: string | null = null;
    let shift: { userId: string; date: string } | null = null;
    const steps: [Step, () => Promise<unknown>][] = [
      ['Dashboard', () => Promise.all([call('Dashboard', member, token, 'GET', '/api/user'), call('Dashboard', member, token, 'GET', '/api/task/count'), call('Dashboard', member, token, 'GET', '/api/task/list/0/all/all/0?taskview=2')])],
      ['Listen', () => Promise.all([call('Listen', member, token, 'GET', '/api/absence/0/all/1'), call('Listen', member, token, 'GET', '/api/absence/0/all/2')])],
      [
        'Urlaubsantrag',
        async () => {
          const res = await call('Urlaubsantrag', member, token, 'POST', '/api/appointment', { appointment: vacation });
          vacationId = (res.body as { appointment?: { id: string } } | null)?.appointment?.id ?? null;
        },
      ],
      [
        'Kalender',
        async () => {
          const res = await call('Kalender', member, token, 'GET', `/api/calendar/${member.locationId}/${opts.today}`);
          const week = res.body as CalendarWeek | null;
          if (!member.editsCalendar) return;
          const cell = week?.rows.find((r) => r.userId === member.userId)?.cells.find((c) => c.editable && (c.source === 'pattern' || c.source === 'free'));
          if (!cell) return;
          const set = await call('Kalender', member, token, 'POST', '/api/locationappointment', { locationAppointment: { userId: member.userId, date: cell.date, status: SHIFT } });
          if (set.status === 200) {
            shift = { userId: member.userId, date: cell.date };
            if (performance.now() >= windowStart && performance.now() < windowEnd) calendarEdits++;
          }
        },
      ],
      [
        'Zurücknehmen',
        async () => {
          const undo: Promise<unknown>[] = [];
          if (vacationId) undo.push(call('Zurücknehmen', member, token, 'DELETE', `/api/appointment/${vacationId}`));
          if (shift) undo.push(call('Zurücknehmen', member, token, 'POST', '/api/locationappointment', { locationAppointment: { ...shift, status: null } }));
          await Promise.all(undo);
          vacationId = null;
          shift = null;
        },
      ],
    ];
    // People do not start in step: each begins after a think time of their own.
    if (!stopping) await think();
    while (!stopping) {
      for (const [, run] of steps) {
        await run();
        if (stopping) break;
        await think();
      }
      if (performance.now() >= windowStart && performance.now() < windowEnd) rounds++;
    }
    // Leave the data as found.
    if (vacationId || shift) await steps[4]![1]();
  };

  const t0 = performance.now();
  const queue = opts.staff.map((m, i) => ({ m, i }));
  await Promise.all(
    Array.from({ length: opts.loginConcurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const known = opts.sessions?.get(next.m.email);
        if (known) {
          tokens.push({ member: next.m, token: known, index: next.i });
          continue;
        }
        const started = performance.now();
        const res = await call(null, next.m, null, 'POST', '/api/token', { username: next.m.email, password: opts.password });
        loginTimes.push(performance.now() - started);
        const token = (res.body as { token?: string } | null)?.token;
        if (!token) {
          loginErrors++;
          continue;
        }
        tokens.push({ member: next.m, token, index: next.i });
        opts.sessions?.set(next.m.email, token);
      }
    }),
  );
  const loginSeconds = (performance.now() - t0) / 1000;
  // Everybody starts once all are in, each after a think time of their own: the logins (an
  // scrypt hash each) would otherwise take the CPU from the first sessions and drag on.
  for (const t of tokens) loops.push(session(t.member, t.token, t.index));
  // The window opens when the last has begun.
  await sleep(opts.thinkMs[1]);
  await opts.hooks?.start?.();
  windowStart = performance.now();
  await sleep(opts.seconds * 1000);
  windowEnd = performance.now();
  await opts.hooks?.end?.();
  stop();
  await Promise.all(loops);
  const windowSeconds = (windowEnd - windowStart) / 1000;
  const fromSeconds = Math.min(windowSeconds / 2, (STEPS.length * (opts.thinkMs[0] + opts.thinkMs[1])) / 2 / 1000);
  const settled = all.filter((_, i) => sentAt[i]! >= windowStart + fromSeconds * 1000);
  return {
    staff: opts.staff.length,
    loginSeconds,
    login: { ...percentiles(loginTimes), errors: loginErrors },
    windowSeconds,
    requests: all.length,
    rps: all.length / windowSeconds,
    errors,
    completed,
    errorSamples,
    steps: Object.fromEntries(STEPS.map((s) => [s, { ...percentiles(samples[s]), requests: samples[s].length }])) as StaffResult['steps'],
    rounds,
    editors: opts.staff.filter((m) => m.editsCalendar).length,
    calendarEdits,
    settled: { ...percentiles(settled), requests: settled.length, fromSeconds },
    ...percentiles(all),
  };
}
