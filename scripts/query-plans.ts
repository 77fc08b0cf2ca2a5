/**
 * The database half of `npm run check:queries`: records the SQL statements the app sends through
 * its pg pool, and measures each one with EXPLAIN (ANALYZE, BUFFERS) on a connection of its own.
 */
import type pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
  /** Name of a prepared statement (drizzle's `.prepare(name)`), or null for an unnamed one. */
  name: string | null;
}

export interface Recorder {
  /** Starts recording; returns the statements sent until `stop()` is called on the result. */
  start(): { stop(): Statement[] };
}

type QueryFn = (...args: unknown[]) => unknown;
const wrapped = new WeakSet<pg.ClientBase>();

/**
 * Wraps `query` of every client the pool hands out. 'acquire' fires for every checkout, new and
 * idle clients alike, so the clients opened earlier (migrations, data generation) are covered
 * too; `pool.query` checks a client out the same way, and so does a transaction.
 */
export function recordPool(pool: pg.Pool): Recorder {
  let current: Statement[] | null = null;
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query as unknown as QueryFn;
    (client as unknown as { query: QueryFn }).query = function (this: unknown, ...args: unknown[]) {
      if (current) current.push(toStatement(args[0], args[1]));
      return original.apply(this, args);
    };
  });
  return {
    start() {
      const statements: Statement[] = [];
      current = statements;
      return {
        stop() {
          current = null;
          return statements;
        },
      };
    },
  };
}

/** pg's call forms: (text, values?), (config, values?) with the values in config or beside it. */
function toStatement(first: unknown, second: unknown): Statement {
  const extra = Array.isArray(second) ? second : [];
  if (typeof first === 'string') return { text: first, values: extra, name: null };
  const config = first as { text: string; values?: unknown[]; name?: string };
  return { text: config.text, values: config.values ?? extra, name: config.name ?? null };
}

/** The session lookup every authenticated request makes (see session.service.ts). */
export const AUTH_STATEMENT = 'auth_session';
const TOUCH = /^\s*update\s+"?sessions"?\s+set\s+"?last_seen_at"?/i;

/** The session lookup and its occasional last_seen_at touch: the cost of auth, not of the list. */
export const isAuthStatement = (s: Statement) => s.name === AUTH_STATEMENT || TOUCH.test(s.text);

export interface PlanResult {
  /** Minimum over the runs: the first run may read cold pages, and the machine is shared. */
  executionMs: number;
  /** Shared buffers hit + read by the whole plan (the top node counts its children). */
  buffers: number;
  /** Top plan node, e.g. "Seq Scan on users", for the report of a violation. */
  top: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Every node of the plan tree, to name the scans that read most in a report. */
function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

const blocks = (n: PlanNode) => (n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0);

/** The scan that touches most buffers: where an index or a smaller read would help. */
function heaviestScan(root: PlanNode): string {
  let best: PlanNode | null = null;
  for (const n of nodes(root)) if (n['Relation Name'] && (!best || blocks(n) > blocks(best))) best = n;
  if (!best) return root['Node Type'];
  const on = best['Index Name'] ? `${best['Relation Name']} (${best['Index Name']})` : best['Relation Name'];
  return `${best['Node Type']} auf ${on}, ${blocks(best)} Puffer`;
}

/**
 * EXPLAIN ANALYZE with the recorded parameters, `runs` times, inside a transaction that is rolled
 * back: ANALYZE executes the statement, and a write must not change the data for the next check.
 * The unnamed statement gets a custom plan for these values, as a prepared one does for its
 * first five executions; PostgreSQL may switch a prepared statement to a generic plan later.
 */
export async function explain(client: pg.Client, s: Statement, runs = 3): Promise<PlanResult> {
  let best: PlanResult | null = null;
  for (let i = 0; i < runs; i++) {
    await client.query('begin');
    try {
      const res = await client.query({ text: `explain (analyze, buffers, format json) ${s.text}`, values: s.values });
      const [out] = res.rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }];
      const result = { executionMs: out['Execution Time'], buffers: blocks(out.Plan), top: heaviestScan(out.Plan) };
      if (!best) best = result;
      else best = { executionMs: Math.min(best.executionMs, result.executionMs), buffers: Math.min(best.buffers, result.buffers), top: best.top };
    } finally {
      await client.query('rollback');
    }
  }
  return best!;
}
