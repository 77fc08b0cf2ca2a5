import type { FastifyBaseLogger } from 'fastify';

/**
 * Recurring work of the modules (e.g. rating tasks the day after a training). Each job runs once
 * when the server starts and then every `intervalMs`; a run never overlaps the previous one of
 * the same job, and failures go to the log and are retried at the next interval. Jobs must be
 * safe when several instances run them at the same time (claim rows with `for update skip
 * locked`), since every instance has its own scheduler.
 *
 * Nothing runs until `start()` (the server process calls it after listening); API tests call the
 * jobs' functions themselves, so no timer races their assertions.
 */
export interface Scheduler {
  every(label: string, intervalMs: number, work: () => Promise<unknown>): void;
  start(): void;
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

interface Job {
  label: string;
  intervalMs: number;
  work: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

export function createScheduler(log: FastifyBaseLogger): Scheduler {
  const jobs: Job[] = [];
  let started = false;
  let stopped = false;

  const run = (job: Job) => {
    if (job.running || stopped) return;
    job.running = job
      .work()
      .then(
        () => undefined,
        (err) => log.error({ err }, `${job.label} fehlgeschlagen`),
      )
      .finally(() => (job.running = undefined));
  };
  const schedule = (job: Job) => {
    run(job);
    // unref: a pending timer does not keep a process alive that is otherwise done.
    job.timer = setInterval(() => run(job), job.intervalMs).unref();
  };

  return {
    every(label, intervalMs, work) {
      const job: Job = { label, intervalMs, work };
      jobs.push(job);
      if (started) schedule(job);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs) schedule(job);
    },
    async stop() {
      stopped = true;
      for (const job of jobs) clearInterval(job.timer);
      await Promise.allSettled(jobs.map((j) => j.running));
    },
  };
}
