/**
 * What a run costs, read from Linux's /proc around the measured window: CPU time of the server
 * process, of the PostgreSQL backends serving the bench database and of the bench process itself
 * (the load generator), the whole machine's CPU (so the share of other people's work shows),
 * and the load average; from the server's bench probe the statements, requests, time inside
 * PGlite and event-loop delay. CPU time per request holds up on a shared machine where req/s
 * does not: other work slows the answers, not the work each answer takes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { BENCH_PROBE_PATH, type BenchProbeReading } from '../../server/src/platform/bench-probe.ts';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
const TICK_US = 1e6 / CLK_TCK;

/** CPU time (user + system, all threads) of a process in µs, or null when it is gone. */
export function processCpuMicros(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return null;
  }
}

/**
 * CPU time of a single-threaded process (a PostgreSQL backend) in µs, to the nanosecond from
 * /proc/<pid>/schedstat where the kernel has it, else in clock ticks from /proc/<pid>/stat.
 */
export function backendCpuMicros(pid: number): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {
    return processCpuMicros(pid);
  }
}

/** The whole machine's CPU time in µs since boot: all of it, and the idle part. */
function machineCpu(): { total: number; idle: number } {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // user nice system idle iowait irq softirq steal (guest time is already part of user)
    const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    return { total: total * TICK_US, idle: (v[3]! + v[4]!) * TICK_US };
  } catch {
    return { total: 0, idle: 0 };
  }
}

const ownCpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** The PostgreSQL backends of one database (the bench's own monitoring connection left out). */
export class Backends {
  private client: pg.Client | null = null;
  constructor(private readonly url: string) {}

  async pids(): Promise<number[]> {
    if (!this.client) {
      this.client = new pg.Client({ connectionString: this.url });
      await this.client.connect();
    }
    const res = await this.client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return res.rows.map((r: { pid: number }) => r.pid);
  }

  async close() {
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

/** Reads the server's bench probe (see server/src/platform/bench-probe.ts). */
export async function readProbe(baseUrl: string, secret: string): Promise<BenchProbeReading> {
  const res = await fetch(`${baseUrl}${BENCH_PROBE_PATH}`, { headers: { 'x-bench-probe': secret } });
  if (!res.ok) throw new Error(`Messsonde: ${res.status}`);
  return (await res.json()) as BenchProbeReading;
}

export interface Snapshot {
  server: number | null;
  own: number;
  backends: Map<number, number>;
  machine: { total: number; idle: number };
  probe: BenchProbeReading | null;
}

/** CPU and probe figures of a measured window, per request where it says so. */
export interface Usage {
  /** µs per request: server process without the PGlite thread; PostgreSQL backends or the PGlite thread; load generator. */
  nodeUs: number | null;
  dbUs: number | null;
  clientUs: number;
  /** Share of the machine's CPU used by other processes during the window (0–1). */
  foreign: number;
  /** 1-minute load average at the end of the window. */
  load: number;
  /** Requests the per-request figures are divided by (as the server counted them, where it has the probe). */
  requests: number;
  /** Event-loop delay during the window, from the probe. */
  eventLoop: BenchProbeReading['eventLoop'] | null;
}

export interface MeterOptions {
  serverPid: number | null;
  /** The server's base URL and probe secret, when it has the probe on. */
  probe?: { url: string; secret: string };
  backends?: Backends;
  /** Whether the database runs inside the server process (PGlite). */
  inProcess: boolean;
}

/**
 * Takes readings at the start and end of a window and turns two of them into a Usage. With the
 * probe, a reading is taken when the server answers it: a busy server answers late, and the
 * readings of /proc then belong to the same moment as the server's own figures. The load keeps
 * running until the end reading is in, so the server works at the same pace throughout.
 */
export class Meter {
  private pids: number[] = [];
  constructor(private readonly opts: MeterOptions) {}

  async snap(): Promise<Snapshot> {
    if (this.opts.backends) this.pids = await this.opts.backends.pids();
    const probe = this.opts.probe ? await readProbe(this.opts.probe.url, this.opts.probe.secret) : null;
    const backends = new Map<number, number>();
    for (const pid of this.pids) {
      const us = backendCpuMicros(pid);
      if (us !== null) backends.set(pid, us);
    }
    const server = probe ? probe.cpuMicros : this.opts.serverPid ? processCpuMicros(this.opts.serverPid) : null;
    return { server, own: ownCpu(), backends, machine: machineCpu(), probe };
  }

  /** `clientRequests`: answers the load generator counted, for a server without the probe. */
  usage(a: Snapshot, b: Snapshot, clientRequests: number): Usage {
    const pa = a.probe;
    const pb = b.probe;
    const requests = pa && pb ? pb.requests - pa.requests : clientRequests;
    const per = (us: number) => us / Math.max(1, requests);
    const server = a.server !== null && b.server !== null ? b.server - a.server : null;
    let db = 0;
    // A backend that ended during the window is missing at its end: it counts with nothing.
    for (const [pid, before] of a.backends) db += (b.backends.get(pid) ?? before) - before;
    const engine = pa && pb ? pb.engineMicros - pa.engineMicros : 0;
    const own = b.own - a.own;
    const total = b.machine.total - a.machine.total;
    const busy = total - (b.machine.idle - a.machine.idle);
    const ours = (server ?? 0) + db + own;
    return {
      nodeUs: server === null ? null : per(this.opts.inProcess ? server - engine : server),
      // Backends this process cannot see in /proc (another container, another user's hidepid) leave it open.
      dbUs: this.opts.inProcess ? (pa && pb ? per(engine) : null) : this.opts.backends && a.backends.size ? per(db) : null,
      clientUs: per(own),
      foreign: total > 0 ? Math.max(0, busy - ours) / total : 0,
      load: os.loadavg()[0]!,
      requests,
      eventLoop: pb ? pb.eventLoop : null,
    };
  }

  /** Statements per request between two readings, as the server counted both (under load: approximate). */
  static statementsBetween(a: Snapshot, b: Snapshot): number | null {
    if (!a.probe || !b.probe || b.probe.requests <= a.probe.requests) return null;
    return (b.probe.statements - a.probe.statements) / (b.probe.requests - a.probe.requests);
  }

  /** Statements per request, counted over `n` requests one after the other on an otherwise idle server. */
  async statementsPerRequest(request: () => Promise<unknown>, n: number): Promise<number | null> {
    if (!this.opts.probe) return null;
    const before = await readProbe(this.opts.probe.url, this.opts.probe.secret);
    for (let i = 0; i < n; i++) await request();
    const after = await readProbe(this.opts.probe.url, this.opts.probe.secret);
    return (after.statements - before.statements) / Math.max(1, after.requests - before.requests);
  }
}
