#!/usr/bin/env node
// Several instances on one PostgreSQL, on one machine: an S3-compatible store (s3rver), N server
// processes sharing the database and the store, and a small proxy in front that hands each
// request to the next instance in turn. For trying the set-up and for the browser journeys of
// e2e/instances.config.ts; in production a load balancer and real object storage take these
// parts (docs/operations.md).
//
//   DATABASE_URL=postgres://… node scripts/instances.mjs
//
// Environment: DATABASE_URL (required: a database that may be filled with the demo company, or
// INSTANCES_FRESH_DB=1 to create a fresh one next to it and drop it at the end), INSTANCES_PORT
// (the proxy, default 3220; instances and store on the next ports), INSTANCES (default 2).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './build-stamp.mjs';
import { buildServer } from './build-server.mjs';

const require = createRequire(path.join(ROOT, 'server/package.json'));
const pg = require('pg');
const S3rver = require('s3rver');

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('DATABASE_URL fehlt: mehrere Instanzen brauchen eine gemeinsame PostgreSQL-Datenbank.');
  process.exit(1);
}
const proxyPort = Number(process.env.INSTANCES_PORT ?? 3220);
const count = Number(process.env.INSTANCES ?? 2);
const ports = Array.from({ length: count }, (_, i) => proxyPort + 1 + i);
const s3Port = proxyPort + 1 + count;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-instances-'));
const children = [];
let databaseUrl = baseUrl;
let dropDatabase = null;
let s3 = null;

async function admin(sql) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let closing = false;
async function shutdown(code) {
  if (closing) return;
  closing = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : c.once('exit', resolve)))));
  await s3?.close().catch(() => undefined);
  if (dropDatabase) await dropDatabase().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));

async function waitForHealth(port, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Instanz auf Port ${port} beendet (Code ${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Instanz auf Port ${port} antwortet nicht`);
}

/** Hands each request to the next instance; marks the answer with the instance that gave it. */
function startProxy() {
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next++ % ports.length;
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-filialportal-instance': String(i + 1) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Instanz nicht erreichbar');
    });
    req.pipe(upstream);
    res.on('close', () => upstream.destroy());
  });
  return new Promise((resolve) => server.listen(proxyPort, '127.0.0.1', () => resolve(server)));
}

async function main() {
  if (process.env.INSTANCES_FRESH_DB === '1') {
    const name = `filialportal_instances_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
  s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'filialportal' }] });
  await s3.run();
  await buildServer({ quiet: true });
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'filialportal',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    // The proxy is the one hop in front of the instances.
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
  };
  // All start at once: migrations and the demo company are made once, under the start-up lock.
  for (const [i, port] of ports.entries()) {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/server.mjs')], {
      env: { ...env, PORT: String(port), DATA_DIR: path.join(work, `instance-${i + 1}`) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
  }
  await Promise.all(ports.map((port, i) => waitForHealth(port, children[i])));
  await startProxy();
  console.log(`${count} Instanzen (Ports ${ports.join(', ')}) hinter http://127.0.0.1:${proxyPort}, Dateien in S3 (s3rver, Port ${s3Port}).`);
  for (const child of children) child.once('exit', (code) => (console.error(`Eine Instanz endete (Code ${code}).`), void shutdown(1)));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  void shutdown(1);
});
