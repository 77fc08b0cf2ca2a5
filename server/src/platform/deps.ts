import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Background } from './background.ts';
import type { Db } from './db.ts';
import type { Erasure } from './erasure.ts';
import type { Hooks } from './hooks.ts';
import type { LiveHub } from './live.ts';
import type { Mailer } from './mail.ts';
import type { Readiness } from './readiness.ts';
import type { Retention } from './retention.ts';
import type { Scheduler } from './scheduler.ts';
import type { Storage } from './storage.ts';

/** What services need from the outside world, passed explicitly (no globals). */
export interface Deps {
  db: Db;
  /** False while the database cannot answer (the embedded one restarting after a crash). */
  databaseAvailable: () => boolean;
  /** Starting, ready or draining (GET /api/ready). */
  readiness: Readiness;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  background: Background;
  /** Recurring jobs of the modules; they run once the server process starts the scheduler. */
  scheduler: Scheduler;
  /** Pushes counter changes to the browsers (GET /api/events), across instances. */
  live: LiveHub;
  /** How long one event stream stays open before the browser opens the next. */
  liveStreamMs: number;
  /** What modules ask of the modules above them, answered as those register. */
  hooks: Hooks;
  /** How each module deletes its personal data past the retention period (the daily job runs them). */
  retention: Retention;
  /** What each module does with its records of a person who is erased (platform/erasure.ts). */
  erasure: Erasure;
}

/**
 * The parts of `Deps` one service uses: its first parameter names what it reaches, and a caller
 * with less at hand (the seed, a test) passes just those.
 */
export type ServiceDeps<K extends keyof Deps> = Pick<Deps, K>;

/** The same dependencies with the database replaced by a transaction, for a service called inside one. */
export function withDb<D extends Pick<Deps, 'db'>>(deps: D, tx: Db): D {
  return { ...deps, db: tx };
}
