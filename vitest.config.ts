import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/test/**/*.test.ts', 'server/test/**/*.test.ts', 'web/src/**/*.test.ts'],
    // The migrated and the seeded database every test file copies, built once per run.
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A deprecation fails the test where it happens (e.g. node-postgres queueing a second query
    // on a transaction's connection, which pg 9 will refuse), instead of one line in the log.
    execArgv: ['--throw-deprecation'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
