import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const proxy = Number(process.env.INSTANCES_PORT ?? 3220);

/**
 * Browser journeys against two instances on one PostgreSQL (DATABASE_URL), sharing files in an
 * S3-compatible store, behind a proxy that hands each request to the next instance in turn
 * (scripts/instances.mjs). Instance n answers directly on port proxy + n.
 */
export default defineConfig({
  ...base,
  // One project of its own: the journeys' two halves (playwright.config.ts) are not run here.
  projects: [{ name: 'instances', testMatch: '*.instances.ts' }],
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright-instances.json' }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${proxy}` },
  webServer: {
    command: 'node scripts/instances.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${proxy}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The script drops its database and stops its instances on SIGTERM (the default would be SIGKILL).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { INSTANCES_PORT: String(proxy), INSTANCES_FRESH_DB: '1', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0' },
  },
});
