import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@filialportal/core/messages';
import { startServer, type ServerProcess } from './security/server-process.ts';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: what one instance is told
 * (logout, deactivation, group changes, data, login attempts) counts on the other at once,
 * although each caches sessions in its own memory. Only with DATABASE_URL: PGlite is one process.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const PASSWORD = 'demo1234';

interface Instance {
  name: string;
  /** The API's base address. */
  base: string;
  server: ServerProcess;
}

let dbName = '';
let dbUrl = '';
let dataRoot = '';
const instances: Instance[] = [];
let A: Instance;
let B: Instance;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(name: string, seed: 'demo' | 'none'): Promise<Instance> {
  const dataDir = path.join(dataRoot, name);
  fs.mkdirSync(dataDir, { recursive: true });
  // One proxy in front: the rate limit test speaks for an address of its own.
  const server = await startServer({ dataDir, databaseUrl: dbUrl, timeoutMs: 60_000, env: { SEED: seed, WEB_DIST: '', TRUST_PROXY: '1' } });
  const instance = { name, base: `${server.base}/api`, server };
  instances.push(instance);
  return instance;
}

async function call(instance: Instance, method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${instance.base}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

async function login(instance: Instance, email: string): Promise<string> {
  const res = await call(instance, 'POST', '/token', { body: { username: email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`Anmeldung ${email} auf ${instance.name}: ${res.status}`);
  return res.json.token;
}

/** Milliseconds until `check` holds, asked every 50 ms (Infinity when it still fails after 3 s). */
async function within(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 3000) {
    if (await check()) return performance.now() - started;
    await sleep(50);
  }
  return Infinity;
}

const statusOn = (instance: Instance, url: string, token: string) => call(instance, 'GET', url, { token }).then((r) => r.status);

describe.skipIf(!DATABASE_URL)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    dbName = `fp_instances_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const target = new URL(DATABASE_URL!);
    target.pathname = `/${dbName}`;
    dbUrl = target.toString();
    dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-instances-test-'));
    // Both at once: the start-up lock lets one migrate and seed while the other waits.
    const started = await Promise.allSettled([start('A', 'demo'), start('B', 'none')]);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) {
      await Promise.all(instances.map((i) => i.server.stop()));
      throw failed.reason;
    }
    [A, B] = instances.sort((x, y) => x.name.localeCompare(y.name));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.server.stop()));
    if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
    if (!dbName) return;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 30_000);

  it('a logout on A ends the session on B within a second', async () => {
    const token = await login(A, 'azubi@example.com');
    // B now holds the session in its memory.
    expect(await statusOn(B, '/user', token)).toBe(200);
    expect(await statusOn(B, '/user', token)).toBe(200);
    expect((await call(A, 'POST', '/logout', { token })).status).toBe(204);
    expect(await within(async () => (await statusOn(B, '/user', token)) === 401)).toBeLessThan(1000);
  });

  it('deactivating a person on A ends their session on B within a second', async () => {
    const admin = await login(A, 'admin@example.com');
    const token = await login(B, 'aushilfe@example.com');
    const me = await call(B, 'GET', '/user', { token });
    expect(me.status).toBe(200);
    const toggled = await call(A, 'GET', `/activate/user/${me.json.user.id}`, { token: admin });
    expect(toggled.json).toEqual({ id: me.json.user.id, active: false });
    expect(await within(async () => (await statusOn(B, '/user', token)) === 401)).toBeLessThan(1000);
  });

  it("a permission taken from the person's group on A is gone on B within a second, and back as fast", async () => {
    const admin = await login(A, 'admin@example.com');
    const token = await login(A, 'verkauf@example.com');
    const vacations = '/absence/0/all/1';
    expect(await statusOn(B, vacations, token)).toBe(200);
    const { teams } = (await call(A, 'GET', '/team', { token: admin })).json as { teams: Record<string, unknown>[] };
    const group = teams.find((g) => g.name === 'Verkauf')!;
    const save = (permissions: string[]) =>
      call(A, 'PUT', '/team', {
        token: admin,
        body: { team: { id: group.id, name: group.name, label: group.label, permissions, subordinateUserGroups: group.subordinateUserGroups } },
      });
    const all = group.permissions as string[];
    expect((await save(all.filter((p) => !p.startsWith('urlaub_')))).status).toBe(200);
    expect(await within(async () => (await statusOn(B, vacations, token)) === 403)).toBeLessThan(1000);
    expect((await save(all)).status).toBe(200);
    expect(await within(async () => (await statusOn(B, vacations, token)) === 200)).toBeLessThan(1000);
  });

  it('moving a person to another group on A takes their rights on B within a second', async () => {
    const admin = await login(A, 'admin@example.com');
    const token = await login(A, 'verkauf@example.com');
    const vacations = '/absence/0/all/1';
    expect(await statusOn(B, vacations, token)).toBe(200);
    const id = (await call(B, 'GET', '/user', { token })).json.user.id as string;
    const form = (await call(A, 'GET', `/user/${id}`, { token: admin })).json.user;
    const { id: _id, role: _r, roleLabel: _l, locationLabel: _ll, resourceUri: _u, availableHolidays: _a, fullName: _f, selectedLocation: _s, ...fields } = form;
    // 'Ausgeblendet' holds no permission at all.
    const moved = await call(A, 'PUT', `/user/${id}`, { token: admin, body: { user: fields, role: 'Ausgeblendet' } });
    expect(moved.status).toBe(200);
    expect(await within(async () => (await statusOn(B, vacations, token)) === 403)).toBeLessThan(1000);
  });

  it('counts login attempts on A and B against one limit', async () => {
    // 30 per minute and address; a body without password is refused before any password check.
    const attempt = (instance: Instance) => call(instance, 'POST', '/token', { body: { username: 'niemand@example.com' }, headers: { 'x-forwarded-for': '198.51.100.61' } });
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await attempt(i % 2 ? B : A);
      expect(res.status).toBe(400);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    for (const instance of [A, B]) {
      const refused = await attempt(instance);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toEqual({ code: 'rate_limited', message: MSG.tooManyRequests });
    }
    // Another address is not affected.
    const other = await call(B, 'POST', '/token', { body: { username: 'niemand@example.com' }, headers: { 'x-forwarded-for': '198.51.100.62' } });
    expect(other.status).toBe(400);
  });

  it('shows on B at once what was written on A, and the other way round', async () => {
    const admin = await login(A, 'admin@example.com');
    const token = await login(B, 'buchhaltung@example.com');
    const me = (await call(B, 'GET', '/user', { token })).json.user.id as string;
    const title = `Belege prüfen ${randomBytes(3).toString('hex')}`;
    const created = await call(A, 'POST', '/task', { token: admin, body: { title, deadline: '2030-01-15', users: [me] } });
    expect(created.status).toBe(200);
    const open = await call(B, 'GET', '/task/list/0/all/all/0?taskview=2', { token });
    const task = (open.json.tasks as { id: string; title: string }[]).find((t) => t.title === title);
    expect(task).toBeDefined();
    expect((await call(B, 'PUT', `/task/${task!.id}`, { token, body: { task: { completed: true } } })).status).toBe(200);
    const done = await call(A, 'GET', '/task/list/0/all/all/1?taskview=2', { token: await login(A, 'buchhaltung@example.com') });
    expect((done.json.tasks as { title: string }[]).some((t) => t.title === title)).toBe(true);
  });
});
