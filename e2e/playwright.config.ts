import { defineConfig } from '@playwright/test';

// The journeys' own dates (a Tuesday in three weeks, this month) are the browser's, which runs in
// the company's zone: between midnight in Berlin and midnight in UTC the two days differ. Workers
// load this file too, so their clock is Berlin's as well.
process.env.TZ = 'Europe/Berlin';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataRoot = process.env.E2E_DATA_DIR ?? `${process.cwd()}/test-results/e2e-data`;

/**
 * The journeys run in two halves at once, each on a server of its own with a fresh demo company
 * (the journeys share their server's data, so one server never serves two at a time). The first
 * half names its files, balanced by their measured durations; every other file, a new one too,
 * belongs to the second.
 */
const FIRST_HALF = ['phone', 'session', 'trainings', 'absences', 'claims', 'advertising', 'holidays', 'leave-depth', 'dashboard', 'documents'].map((name) => `${name}.spec.ts`);
// On PostgreSQL (DATABASE_URL) both servers would share one database: there, one server runs all.
const halves = (
  process.env.DATABASE_URL
    ? [{ name: 'a', port, match: { testMatch: '*.spec.ts' } }]
    : [
        { name: 'a', port, match: { testMatch: FIRST_HALF } },
        { name: 'b', port: port + 1, match: { testMatch: '*.spec.ts', testIgnore: FIRST_HALF } },
      ]
).map((h) => ({ ...h, dataDir: `${dataRoot}/${h.name}` }));

/**
 * A real OpenID provider on 127.0.0.1 for the sign-in with the company account; every server
 * knows it. The journeys that use it browse at `localhost` (the portal's public address, and the
 * host name passkeys need).
 */
const oidcPort = port + 10;
const OIDC_SECRET = 'filialportal-e2e-secret-0123456789';
const oidcEnv = {
  OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
  OIDC_CLIENT_ID: 'filialportal',
  OIDC_CLIENT_SECRET: OIDC_SECRET,
  OIDC_GROUP_MAP: JSON.stringify({ 'portal-verkauf': 'Verkauf' }),
  OIDC_LOCATION_CLAIM: 'location',
};

/**
 * Browser journeys in Debian's Chromium against the real server on a fresh embedded database
 * with the demo company (or the PostgreSQL of DATABASE_URL when set).
 */
export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: halves.length,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 800 },
    // The journeys' browser asks for less motion, as a person may: without transitions the page
    // settles at once for the accessibility check, and the renderer draws no frames in between.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // The journeys see the page as the server sends it; the service worker (its cache, its
    // updates) has a journey of its own (pwa.spec.ts), which allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: halves.map((h) => ({
    name: h.name,
    ...h.match,
    workers: 1,
    metadata: { dataDir: h.dataDir },
    use: { baseURL: `http://127.0.0.1:${h.port}` },
  })),
  webServer: [
    {
      command: 'node --import tsx server/test/support/oidc-provider-main.ts',
      cwd: '..',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        OIDC_TEST_PORT: String(oidcPort),
        OIDC_TEST_CLIENT_SECRET: OIDC_SECRET,
        OIDC_TEST_REDIRECT_URIS: halves.map((h) => `http://localhost:${h.port}/api/auth/oidc/callback`).join(','),
      },
    },
    ...halves.map((h) => ({
      command: `rm -rf ${h.dataDir} && node scripts/server.mjs`,
      cwd: '..',
      url: `http://127.0.0.1:${h.port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(h.port), DATA_DIR: h.dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', INIT_CWD: process.cwd(), ...oidcEnv },
    })),
  ],
});
