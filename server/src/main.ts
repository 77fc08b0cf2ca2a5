import path from 'node:path';
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { DataDirLockedError, openPglite, openPostgres, withStartupLock } from './platform/db.ts';
import { benchProbeSecret, countDatabase } from './platform/bench-probe.ts';
import { createMailer } from './platform/mail.ts';
import { sql } from 'drizzle-orm';
import { createLiveHub, LIVE_CHANNEL, parseKinds, parseUsers } from './platform/live.ts';
import { listenPostgres } from './platform/notify.ts';
import { warmUpAfterFirstPerson } from './platform/warm-up.ts';
import { ACTOR_CHANNEL, forgetActorsHere } from './platform/actor-cache.ts';
import { createReadiness, holdPortWhileStarting } from './platform/readiness.ts';
import { createStorage } from './platform/storage.ts';
import { DEMO_PASSWORD, demoLogins, seedDemoIfEmpty } from './seed/demo.ts';

// After each full collection V8 lets the heap grow to up to four times what survived before it
// collects again: under load some 250 MB for 60 MB in use, held as resident memory. Half again
// as much keeps the server near what it uses, for a few more collections; V8 reads the value at
// each one (docs/decisions/platform-speicher-des-servers.md). A value on the command line
// (`node --heap-growing-percent=…`; NODE_OPTIONS does not take it) wins.
if (!process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) {
  v8.setFlagsFromString('--heap-growing-percent=50');
}

const config = readConfig();
// Off unless the benchmark starts the server (see platform/bench-probe.ts).
const benchSecret = benchProbeSecret();

async function main() {
  const releasePort = await holdPortWhileStarting(config.port, config.host);
  let database;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(path.join(config.dataDir, 'db'));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // On one PostgreSQL, instances announce counter changes to each other by NOTIFY (itself included);
  // the embedded database serves one process, which delivers them directly.
  const live = config.databaseUrl
    ? createLiveHub({ notify: (payload) => database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`) })
    : createLiveHub();
  // Sessions are cached per instance; a logout or group change on another instance clears them here.
  const listener = config.databaseUrl
    ? listenPostgres(config.databaseUrl, {
        [ACTOR_CHANNEL]: () => forgetActorsHere(),
        [LIVE_CHANNEL]: (payload) => live.deliver(parseKinds(payload), parseUsers(payload)),
      })
    : null;
  const benchProbe = benchSecret ? { secret: benchSecret, counters: countDatabase(database) } : undefined;
  const storage = createStorage(config);
  const seeded = config.seed === 'demo' ? await withStartupLock(database, () => seedDemoIfEmpty(database.db, storage)) : false;
  const readiness = createReadiness('starting');
  const app = await buildApp({
    db: database.db,
    readiness,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    storage,
    logger: { level: config.logLevel },
    databaseAvailable: database.available,
    benchProbe,
    live,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM (an orchestrator, a rolling update): /api/ready answers 503 first, and the instance
    // keeps serving until the balancer has seen it; then it stops listening and the requests in
    // flight finish. SIGINT (Ctrl+C at the terminal) stops at once.
    readiness.state = 'draining';
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainSeconds * 1000 : 0;
    app.log.info(`${signal}: beende${drainMs ? ` nach ${config.shutdownDrainSeconds} s` : ''} …`);
    if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await app.close().catch(() => undefined);
    await listener?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  warmUpAfterFirstPerson(app, (err) => app.log.warn({ err }, 'Module konnten nicht vorab geladen werden'));
  await releasePort();
  await app.listen({ port: config.port, host: config.host });
  if (readiness.state === 'starting') readiness.state = 'ready';
  app.scheduler.start();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `eingebettete Datenbank in ${path.join(config.dataDir, 'db')}`;
  const lines = [
    '',
    `Filialportal läuft auf http://localhost:${config.port}  (${where})`,
    `API-Beschreibung: http://localhost:${config.port}/api/docs`,
  ];
  if (config.seed === 'demo') {
    lines.push(seeded ? 'Demo-Firma angelegt.' : 'Demo-Firma vorhanden.', `Demo-Anmeldungen (Passwort ${DEMO_PASSWORD}):`);
    for (const l of demoLogins()) lines.push(`  ${l.email.padEnd(36)} ${l.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
