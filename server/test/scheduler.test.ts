import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createScheduler } from '../src/platform/scheduler.ts';

const logged: string[] = [];
const log = { error: (_obj: unknown, msg: string) => logged.push(msg) } as unknown as FastifyBaseLogger;

beforeEach(() => {
  vi.useFakeTimers();
  logged.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('scheduler', () => {
  it('runs nothing before start, then at once and every interval until stopped', async () => {
    const s = createScheduler(log);
    let runs = 0;
    s.every('Zählen', 1000, async () => runs++);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(0);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(4);
    await s.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(4);
  });

  it('never overlaps a slow run, and stop waits for it', async () => {
    const s = createScheduler(log);
    let running = 0;
    let most = 0;
    let finished = 0;
    s.every('Langsam', 100, async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 350));
      running--;
      finished++;
    });
    s.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(most).toBe(1);
    const stopping = s.stop();
    await vi.advanceTimersByTimeAsync(400);
    await stopping;
    expect(running).toBe(0);
    const after = finished;
    await vi.advanceTimersByTimeAsync(1000);
    expect(finished).toBe(after);
  });

  it('logs a failed run and tries again at the next interval', async () => {
    const s = createScheduler(log);
    let calls = 0;
    s.every('Bewertungsaufgaben', 1000, async () => {
      if (++calls === 1) throw new Error('Datenbank nicht erreichbar');
    });
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(logged).toEqual(['Bewertungsaufgaben fehlgeschlagen']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(logged).toHaveLength(1);
    await s.stop();
  });
});
