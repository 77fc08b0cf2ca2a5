import { defineConfig } from 'vitest/config';

/**
 * Files that measure how long the event loop stands still: they run alone, after the rest, so a
 * second test file on the other core cannot be what they measure.
 */
const ALONE = ['server/test/security/event-loop.test.ts', 'server/test/upload-shapes.test.ts'];

/**
 * Files that need a fresh module graph: they set a global before a library loads and check that
 * the library read it. Every other file shares its worker's loaded modules with the files before
 * it (`isolate: false`): loading the server's modules anew for each file took a third of the run.
 * Each file still has its own database, storage folder, ports and app instance.
 */
const FRESH = ['web/src/app/zod-jitless.test.ts'];

export default defineConfig({
  test: {
    // The migrated and the seeded database every test file copies, built once per run.
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A deprecation fails the test where it happens (e.g. node-postgres queueing a second query
    // on a transaction's connection, which pg 9 will refuse), instead of one line in the log.
    execArgv: ['--throw-deprecation'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        // Every file has its own database, storage folder and ports: two run at once.
        test: {
          name: 'parallel',
          include: ['core/test/**/*.test.ts', 'server/test/**/*.test.ts', 'bench/test/**/*.test.ts', 'web/src/**/*.test.ts', 'lint/*.test.ts'],
          exclude: [...ALONE, ...FRESH],
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'fresh', include: FRESH, maxWorkers: 1, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
