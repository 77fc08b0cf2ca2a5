import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../server/test/helpers.ts';
import { buildReference } from '../src/reference.ts';
import type { FastifyInstance } from 'fastify';

/**
 * The bench's reference answers with the portal's bytes: the same request with the same token
 * to both gives the same body, so comparing their req/s compares the same work.
 */
describe('bench reference', () => {
  let t: TestContext;
  let reference: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp();
    reference = buildReference((t.db as unknown as { $client: pg.Pool }).$client, { headers: {} });
    await reference.ready();
  });
  afterAll(async () => {
    await reference.close();
    await t.close();
  });

  async function same(email: string, url: string) {
    const token = await t.login(email);
    const portal = await t.as(token, { method: 'GET', url });
    const ref = await reference.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(portal.statusCode).toBe(200);
    expect(ref.statusCode).toBe(200);
    // The values first (a readable difference), then the bytes.
    expect(JSON.parse(ref.body)).toEqual(portal.json());
    const at = [...ref.body].findIndex((c, i) => c !== portal.body[i]);
    expect(ref.body.slice(Math.max(0, at - 80), at + 80)).toBe(portal.body.slice(Math.max(0, at - 80), at + 80));
    expect(ref.body).toBe(portal.body);
    return portal.json();
  }

  it('the current user: the same bytes for a person with a vacation account, a store person and the admin', async () => {
    for (const email of ['personalleitung@example.com', 'verkauf@example.com', 'admin@example.com']) {
      const user = await same(email, '/api/user');
      expect(user.user.email).toBe(email);
    }
  });

  it('open vacation requests of every location: the same bytes, page by page', async () => {
    const first = await same('admin@example.com', '/api/absence/0/all/1');
    expect(first.absences.length).toBeGreaterThan(0);
    // The demo company's open requests include a quota warning, deputies and a blocked period.
    expect(first.absences.some((a: { blockedPeriod: string }) => a.blockedPeriod)).toBe(true);
    expect(first.absences.some((a: { deputies: unknown[] }) => a.deputies.length)).toBe(true);
    await same('admin@example.com', '/api/absence/3/all/1');
  });

  it('the calendar week of a store: the same bytes, this week and one with entries', async () => {
    const admin = await t.login('admin@example.com');
    const list = await t.as(admin, { method: 'GET', url: '/api/location/list/9999' });
    const store = (list.json().locations as { id: string; name: string }[]).find((l) => l.name === 'Filiale Köln')!;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const week = await same('admin@example.com', `/api/calendar/${store.id}/${today}`);
    expect(week.rows.length).toBeGreaterThan(3);
    expect(week.rows.some((r: { cells: { source: string }[] }) => r.cells.some((c) => c.source === 'manual'))).toBe(true);
  });

  it('open claims of every location: the same bytes, page by page', async () => {
    const first = await same('buchhaltung@example.com', '/api/claims/list/0?completed=false');
    expect(first.claims.length).toBeGreaterThan(0);
    await same('buchhaltung@example.com', '/api/claims/list/5?completed=false');
  });

  it('refuses a request without a valid session, and a person without the right', async () => {
    const none = await reference.inject({ method: 'GET', url: '/api/claims/list/0?completed=false', headers: { authorization: 'Bearer nope' } });
    expect(none.statusCode).toBe(401);
    const sales = await t.login('verkauf@example.com');
    const refused = await reference.inject({ method: 'GET', url: '/api/claims/list/0?completed=false', headers: { authorization: `Bearer ${sales}` } });
    expect(refused.statusCode).toBe(403);
  });
});
