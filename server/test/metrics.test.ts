import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers.ts';

/**
 * GET /api/metrics: Prometheus's text format for the bearer of METRICS_TOKEN or a client of
 * METRICS_ALLOW, 403 for everybody else. The registry belongs to the process and test files share
 * their worker's process, so counts are compared before and after.
 */
const TOKEN = 'metrik-geheim-0123456789';
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ config: { metrics: { token: TOKEN, allow: ['10.1.2.0/24'] } } });
});
afterAll(() => t?.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series, 0 when it is not there yet. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', () => {
  it('counts requests by route pattern and status, failed sign-ins, queries and the pool', async () => {
    const before = await scrape();
    const token = await t.login('verwaltung@example.com');
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verwaltung@example.com', password: 'falsch-falsch' } });
    expect(wrong.statusCode).toBe(401);
    // Two people's notices, one route pattern.
    const folders = (await t.as(token, { method: 'GET', url: '/api/folder/list' })).json().folders as { id: string }[];
    for (const f of folders.slice(0, 2)) expect((await t.as(token, { method: 'GET', url: `/api/folder/show/${f.id}` })).statusCode).toBe(200);
    expect((await t.as(token, { method: 'GET', url: '/api/folder/show/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

    const after = await scrape();
    const count = (route: string, status: number, method = 'GET') => `filialportal_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;
    const delta = (series: string) => value(after, series) - value(before, series);
    expect(delta(count('/api/health', 200))).toBe(3);
    expect(delta(count('/api/token', 200, 'POST'))).toBe(1);
    expect(delta(count('/api/token', 401, 'POST'))).toBe(1);
    expect(delta(count('/api/folder/show/:id', 200))).toBe(Math.min(2, folders.length));
    expect(delta(count('/api/folder/show/:id', 404))).toBe(1);
    expect(delta('filialportal_login_failures_total{method="password"}')).toBe(1);
    expect(delta('filialportal_db_query_duration_seconds_count')).toBeGreaterThan(5);
    expect(value(after, 'filialportal_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(after).toMatch(/^filialportal_outbox_messages\{channel="mail"\} \d+$/m);
    expect(after).toMatch(/^filialportal_event_streams_open \d+$/m);
    expect(after).toMatch(/^filialportal_background_jobs_pending \d+$/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    // The address of a document, not only its pattern, would make a series per document.
    expect(after).not.toMatch(/route="\/api\/folder\/show\/[0-9a-f]{8}-/);
  });

  it('fifty readiness probes at once share one database statement', async () => {
    const before = value(await scrape(), 'filialportal_db_query_duration_seconds_count');
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/ready' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const statements = value(await scrape(), 'filialportal_db_query_duration_seconds_count') - before;
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThan(5);
  });

  it('answers 403 without the token, with another one, and from an address outside METRICS_ALLOW; from inside it without token', async () => {
    for (const headers of [{}, { authorization: 'Bearer falsch' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers, remoteAddress: '10.1.3.1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'forbidden', message: 'Dafür fehlt Ihnen die Berechtigung.' });
      expect(res.body).not.toContain('filialportal_');
    }
    const inside = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.200' });
    expect(inside.statusCode).toBe(200);
    expect(inside.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(inside.headers['cache-control']).toBe('no-store');
  });

  it('is closed to everybody when neither METRICS_TOKEN nor METRICS_ALLOW is set', async () => {
    const closed = await buildTestApp({ seed: false });
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(403);
      expect((await closed.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

describe('the Grafana dashboard in docs/', () => {
  it('reads only series that the portal serves', async () => {
    const dashboard = JSON.parse(fs.readFileSync(new URL('../../docs/grafana-filialportal.json', import.meta.url), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const text = await scrape();
    const names = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/\b(?:filialportal|nodejs|process)_[a-z0-9_]+/g) ?? [])));
    expect(names.size).toBeGreaterThan(8);
    for (const name of names) expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
  });
});
