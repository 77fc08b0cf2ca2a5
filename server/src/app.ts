import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import '@filialportal/core/zod';
import { MSG } from '@filialportal/core/messages';
import type { Config } from './config.ts';
import { type Access, registerAccessDeclarationCheck } from './platform/access.ts';
import { createBackground, type Background } from './platform/background.ts';
import { createScheduler, type Scheduler } from './platform/scheduler.ts';
import { createErasure } from './platform/erasure.ts';
import { createRetention } from './platform/retention.ts';
import { createHooks } from './platform/hooks.ts';
import { rateLimitStore } from './platform/rate-limits.ts';
import { createLiveHub, registerLiveAnnouncements, type LiveHub } from './platform/live.ts';
import { registerAuth } from './platform/auth.ts';
import { type DatabaseCounters, registerBenchProbe } from './platform/bench-probe.ts';
import type { Db } from './platform/db.ts';
import type { Deps } from './platform/deps.ts';
import { registerEdge, registerInputGuard } from './platform/edge.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createResponseSerializerCompiler, verifyResponses } from './platform/serializer.ts';
import { dummyPasswordHash } from './platform/passwords.ts';
import { clientErrorHandler, frameworkErrors, loggableError, registerErrorHandler } from './platform/errors.ts';
import type { Mailer } from './platform/mail.ts';
import type { Storage } from './platform/storage.ts';
import { absencesModule } from './modules/absences/index.ts';
import { calendarModule } from './modules/calendar/index.ts';
import { globalSettingsModule } from './modules/global-settings/index.ts';
import { healthModule } from './modules/health/index.ts';
import { listsModule } from './modules/lists/index.ts';
import { locationsModule } from './modules/locations/index.ts';
import { permissionsModule } from './modules/permissions/index.ts';
import { sessionModule } from './modules/session/index.ts';
import { specialAppointmentsModule } from './modules/special-appointments/index.ts';
import { newsModule } from './modules/news/index.ts';
import { trainingsModule } from './modules/trainings/index.ts';
import { assortmentModule } from './modules/assortment/index.ts';
import { stockModule } from './modules/stock/index.ts';
import { claimsModule } from './modules/claims/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { advertisingModule } from './modules/advertising/index.ts';
import { seenModule } from './modules/seen/index.ts';
import { tasksModule } from './modules/tasks/index.ts';
import { teamsModule } from './modules/teams/index.ts';
import { usersModule } from './modules/users/index.ts';
import { liveModule } from './modules/live/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { calendarFeedFile, calendarFeedsModule, redactFeedAddress } from './modules/calendar-feeds/index.ts';
import { searchModule } from './modules/search/index.ts';
import { auditModule } from './modules/audit/index.ts';
import { authenticate } from './modules/session/authenticate.ts';
import { createReadiness, type Readiness } from './platform/readiness.ts';
import { instrument } from './platform/metrics.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** Pino options or false (tests). */
  logger?: boolean | object;
  /** Whether the database answers now, for /api/health (default: always). */
  databaseAvailable?: () => boolean;
  /** The process's readiness (main.ts); default: ready. */
  readiness?: Readiness;
  /** Compare every answer with JSON.stringify of its payload (default: under test). */
  verifyResponses?: boolean;
  /** Measuring aids for the benchmark (BENCH_PROBE); unset in production. */
  benchProbe?: { secret: string; counters: DatabaseCounters };
  /** Counter changes for the browsers; default: delivered within this process only. */
  live?: LiveHub;
  /** Lifetime of one event stream (default five minutes; short in tests, whose requests must end). */
  liveStreamMs?: number;
}

export interface App extends FastifyInstance {
  /** Every route with its declared access, for the snapshot test. */
  routeAccess: Map<string, Access>;
  /** Work after the answer (mails); `idle()` waits for it. */
  background: Background;
  /** The modules' recurring jobs; `start()` after listening (the server process, not tests). */
  scheduler: Scheduler;
  live: LiveHub;
  /** What the modules were given, for work outside a request (tests calling a job or a service). */
  deps: Deps;
}

/**
 * What the log may carry: errors through `loggableError` (no SQL parameters, no row values), and
 * credentials blanked wherever a line would name them.
 */
const LOG_HYGIENE = {
  serializers: { err: loggableError, req: requestForLog },
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'passwordHash', 'token', '*.password', '*.passwordHash', '*.token', '*.authTok'],
    censor: '[entfernt]',
  },
};

/**
 * A request as log lines show it (Fastify's fields), its address without secret values: the
 * shared-link download carries the session token there (spec 1 §7), the sign-in's return its code,
 * a calendar feed its secret in the path.
 */
function requestForLog(req: { method?: string; url?: string; headers?: Record<string, unknown>; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactAddress(redactFeedAddress(req.url)),
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Parameters that carry a secret in an address: the session token of the shared-link download,
 * and the company-account sign-in's authorization code, state and one-time ticket.
 */
const SECRET_PARAMETERS = new Set(['authtok', 'code', 'state', 'ticket']);

/** An address with every secret parameter's value blanked, however its name is spelled or encoded. */
function redactAddress(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is logged as it came.
      }
      return SECRET_PARAMETERS.has(name.trim().toLowerCase()) ? `${rawName}=[entfernt]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the Fastify app with platform plugins and all modules; listens nowhere. */
export async function buildApp(input: AppDeps): Promise<App> {
  const app = Fastify({
    logger: input.logger ? { ...(input.logger === true ? {} : input.logger), ...LOG_HYGIENE } : false,
    // A hop count trusts that many proxies from the socket inwards (proxy-addr's rule for numbers).
    trustProxy: typeof input.config.trustProxy === 'number' ? trustHops(input.config.trustProxy) : input.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request would dominate the log and cost throughput; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    clientErrorHandler,
  }) as unknown as App;
  const background = createBackground(app.log);
  const scheduler = createScheduler(app.log);
  const deps: Deps = {
    db: input.db,
    databaseAvailable: input.databaseAvailable ?? (() => true),
    readiness: input.readiness ?? createReadiness(),
    config: input.config,
    mailer: input.mailer,
    storage: input.storage,
    log: app.log,
    background,
    scheduler,
    live: input.live ?? createLiveHub({ log: app.log }),
    liveStreamMs: input.liveStreamMs ?? 5 * 60_000,
    hooks: createHooks(),
    retention: createRetention(),
    erasure: createErasure(),
  };
  app.background = background;
  app.scheduler = scheduler;
  app.live = deps.live;
  app.deps = deps;
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await background.idle();
  });
  instrument(app, { db: deps.db, live: deps.live, background });

  app.routeAccess = new Map();
  registerAccessDeclarationCheck(app, app.routeAccess);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by their response schema; under test each one is also checked against
  // JSON.stringify, so a field the schema forgot fails the test instead of vanishing.
  app.setSerializerCompiler(
    createResponseSerializerCompiler({
      verify: input.verifyResponses ?? verifyResponses(),
      log: (line) => (input.logger ? app.log.error(line) : console.error(line)),
    }),
  );
  registerErrorHandler(app);
  registerEdge(app);
  if (input.benchProbe) registerBenchProbe(app, input.benchProbe);

  registerSecurityHeaders(app, { tls: input.config.publicUrl.startsWith('https://') });
  await app.register(rateLimit, { global: false, store: rateLimitStore(deps) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Filialportal API', version: '1.0.0', description: 'Alle Aufrufe unter /api; Bearer-Token aus POST /api/token.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  await app.register(
    async (api) => {
      registerAuth(api, deps, authenticate);
      registerInputGuard(api);
      registerLiveAnnouncements(api, deps.live);
      await api.register(healthModule, deps);
      await api.register(sessionModule, deps);
      await api.register(usersModule, deps);
      await api.register(teamsModule, deps);
      await api.register(permissionsModule, deps);
      await api.register(locationsModule, deps);
      await api.register(specialAppointmentsModule, deps);
      await api.register(listsModule, deps);
      await api.register(globalSettingsModule, deps);
      await api.register(tasksModule, deps);
      await api.register(seenModule, deps);
      await api.register(newsModule, deps);
      await api.register(trainingsModule, deps);
      await api.register(assortmentModule, deps);
      await api.register(stockModule, deps);
      await api.register(claimsModule, deps);
      await api.register(documentsModule, deps);
      await api.register(advertisingModule, deps);
      await api.register(absencesModule, deps);
      await api.register(calendarModule, deps);
      await api.register(liveModule, deps);
      await api.register(notificationsModule, deps);
      await api.register(calendarFeedsModule, deps);
      await api.register(searchModule, deps);
      await api.register(auditModule, deps);
    },
    { prefix: '/api' },
  );
  await app.register(calendarFeedFile, deps);

  registerWeb(app, input.config.webDist);
  // The stand-in hash for unknown names, computed now in the thread pool: otherwise the first
  // unknown name would wait for two hashes and its answer time would stand out.
  void dummyPasswordHash();
  return app;
}

const isFile = (file: string) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    // Missing, or no valid path at all (a NUL byte from %00).
    return false;
  }
};

/** The page while web/dist has no index.html yet: `npm start` builds the web app beside the running server. */
const BUILDING_PAGE = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Filialportal – wird gebaut</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #333">
<h1 style="font-size: 1.4rem">Die Anwendung wird gebaut …</h1>
<p>Das Filialportal ist gleich da. Diese Seite lädt sich alle drei Sekunden neu.</p>
<p style="color: #777; font-size: 0.9rem">Dauert es länger als eine Minute: <code>npm run build</code> baut die Web-App.</p>
</body>
</html>
`;

/**
 * Serves the built web app; every other GET outside /api gets index.html (deep links). Hashed
 * files under /assets/ are cached for a year, everything else is revalidated. Until web/dist
 * holds an index.html (the build is still running), pages are answered with 503 and a page
 * that reloads itself; the files are looked up per request, so no restart is needed after the
 * build. `webDist: null` serves no web app at all (API tests).
 */
function registerWeb(app: FastifyInstance, webDist: string | null) {
  if (webDist === null) return;
  // cacheControl: false, or send() would overwrite our Cache-Control with 'public, max-age=0'.
  // preCompressed: the build wrote .br and .gz beside each text file (scripts/build-web.mjs); the
  // one the browser accepts is sent with Content-Encoding and Vary: Accept-Encoding.
  app.register(fastifyStatic, { root: webDist, serve: false, cacheControl: false, preCompressed: true, suppressWarning: true });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
    const urlPath = req.url.split('?')[0]!;
    if (urlPath.startsWith('/api/')) return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
    let file: string;
    try {
      file = path.join(webDist, decodeURIComponent(urlPath));
    } catch {
      file = webDist;
    }
    const relative = path.relative(webDist, file);
    // Inside web/dist, no dot files (the build stamp), an existing file.
    const servable = file.startsWith(webDist + path.sep) && !relative.split(path.sep).some((part) => part.startsWith('.'));
    if (servable && isFile(file)) {
      const cache = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return reply.header('Cache-Control', cache).sendFile(relative);
    }
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      return reply.status(503).header('Cache-Control', 'no-store').header('Retry-After', '3').type('text/html; charset=utf-8').send(BUILDING_PAGE);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
