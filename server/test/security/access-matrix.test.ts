import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers.ts';
import { ACCESS_TABLE, CALLERS, casesOf, expectation, prepareFixture, type Caller, type Fixture, type Sample } from './access-matrix.ts';
import { changedTables, refusalProblem, trackWrites, writeCounts } from './support.ts';

/**
 * Every route × anonymous, all 17 demo roles and two people of another branch, against the
 * hand-written access table. Refusals (401, 403, and 403/404 for records out of reach) come
 * first and must leave every table as it was; the allowed calls follow and must succeed.
 */

let t: TestContext;
let f: Fixture;
beforeAll(async () => {
  t = await buildTestApp();
  f = await prepareFixture(t);
  await trackWrites(t.db);
}, 120_000);
afterAll(() => t?.close());

const routesOfApp = () => [...t.app.routeAccess.keys()].filter((r) => !r.includes('/api/docs')).sort();

function call(method: string, s: Sample, caller: Caller) {
  const token = caller === 'anonym' ? undefined : f.tokens.get(caller);
  return t.app.inject({
    method: method as 'GET',
    url: s.url,
    ...(s.payload === undefined ? {} : { payload: s.payload as never }),
    ...(s.remoteAddress ? { remoteAddress: s.remoteAddress } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(s.contentType ? { 'content-type': s.contentType } : {}) },
  });
}

describe('access table', () => {
  it('covers every route of the app, and no route the app does not have', () => {
    const inTable = Object.keys(ACCESS_TABLE).sort();
    const app = routesOfApp();
    expect({ missingInTable: app.filter((r) => !inTable.includes(r)), notInApp: inTable.filter((r) => !app.includes(r)) }).toEqual({ missingInTable: [], notInApp: [] });
  });

  it('notices a write in any table, but not a session marking its activity, an update that changes nothing or a rolled-back write', async () => {
    let before = await writeCounts(t.db);
    await t.db.execute(sql`update sessions set last_seen_at = now() + interval '1 second', updated_at = now() + interval '1 second'`);
    await t.db.execute(sql`update color_labels set hex = hex where id = ${f.d.color}`);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update color_labels set hex = '#654321' where id = ${f.d.color}`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(changedTables(before, await writeCounts(t.db))).toEqual([]);
    await t.db.execute(sql`update color_labels set hex = '#654321' where id = ${f.d.color}`);
    expect(changedTables(before, await writeCounts(t.db))).toEqual(['color_labels']);
    await t.db.execute(sql`update color_labels set hex = '#123456' where id = ${f.d.color}`);
    before = await writeCounts(t.db);
    await t.db.execute(sql`update sessions set revoked_at = now() where id = (select id from sessions where revoked_at is null order by created_at limit 1)`);
    expect(changedTables(before, await writeCounts(t.db))).toEqual(['sessions']);
    await t.db.execute(sql`update sessions set revoked_at = null where revoked_at > now() - interval '1 minute'`);
    before = await writeCounts(t.db);
    await t.db.execute(sql`insert into color_labels (name, hex) select name || ' 2', hex from color_labels where id = ${f.d.color}`);
    await t.db.execute(sql`delete from color_labels where name = (select name || ' 2' from color_labels where id = ${f.d.color})`);
    expect(changedTables(before, await writeCounts(t.db))).toEqual(['color_labels']);
  });

  // One test per route, in the table's order (calls that use up data run late, logout last).
  for (const route of Object.keys(ACCESS_TABLE)) {
    it(route, async () => {
      const method = route.slice(0, route.indexOf(' '));
      const problems: string[] = [];
      for (const [n, c] of casesOf(route).entries()) {
        const label = casesOf(route).length > 1 ? `case ${n + 1}, ` : '';
        const allowed: Exclude<Caller, 'anonym'>[] = [];
        let anonymAllowed = false;
        // What earlier allowed calls left to do after their answer (notifications sent) is done first.
        await t.app.background.idle();
        const before = await writeCounts(t.db);
        for (const caller of CALLERS) {
          const expected = expectation(c, caller);
          if (expected === 'allowed') {
            if (caller === 'anonym') anonymAllowed = true;
            else allowed.push(caller);
            continue;
          }
          const res = await call(method, c.sample(f.d, caller), caller);
          if (res.statusCode !== expected) problems.push(`${label}${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
          else {
            const problem = refusalProblem(res);
            if (problem) problems.push(`${label}${caller}: ${problem}`);
          }
        }
        await t.app.background.idle();
        const changed = changedTables(before, await writeCounts(t.db));
        if (changed.length) problems.push(`${label}the refusals changed ${changed.join(', ')}`);

        const good = (status: number) => (c.ok ? c.ok.includes(status) : status >= 200 && status < 300);
        if (anonymAllowed) {
          const res = await call(method, c.sample(f.d, 'anonym'), 'anonym');
          if (!good(res.statusCode)) problems.push(`${label}anonym: allowed, got ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        for (const caller of allowed) {
          const res = await call(method, c.fresh ? await c.fresh(f, caller) : c.sample(f.d, caller), caller);
          if (!good(res.statusCode)) problems.push(`${label}${caller}: allowed, got ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  it('logged everyone out at the end', async () => {
    for (const [caller, token] of f.tokens) {
      const res = await t.as(token, { method: 'GET', url: '/api/user' });
      expect([caller, res.statusCode]).toEqual([caller, 401]);
    }
  });
});
