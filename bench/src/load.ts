/** One load run with autocannon: warm-up, then a fixed duration; req/s, p50, p99, errors. */
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  warmupRequests: number;
  /** Average size of a response in bytes (headers and body). */
  bytesPerRequest: number;
}

export const CONNECTIONS = 50;

function run(url: string, headers: Record<string, string>, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
    // No progress bar: the report is the output.
    void instance;
  });
}

export async function load(url: string, headers: Record<string, string>, opts: { warmup: number; seconds: number }): Promise<LoadResult> {
  if (!new URL(url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) throw new Error(`Last nur auf 127.0.0.1, nicht auf ${url}`);
  const warm = opts.warmup > 0 ? await run(url, headers, opts.warmup) : null;
  const r = await run(url, headers, opts.seconds);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
    warmupRequests: warm?.requests.total ?? 0,
    bytesPerRequest: r.requests.total ? r.throughput.total / r.requests.total : 0,
  };
}
