import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or shape an answer (e.g. mail for a forgotten password, whose
 * timing would otherwise tell whether an account exists). Runs after the current request's
 * answer is on its way; failures go to the log. `idle()` resolves when nothing is pending, so
 * shutdown and tests can wait for it.
 */
export interface Background {
  run(label: string, work: () => Promise<unknown>): void;
  idle(): Promise<void>;
  /** Jobs running or waiting now (GET /api/metrics). */
  pending(): number;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(label, work) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err) => log.error({ err }, `${label} fehlgeschlagen`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    pending: () => pending.size,
  };
}
