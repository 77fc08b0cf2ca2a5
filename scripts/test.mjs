#!/usr/bin/env node
// npm test: type check, lint, unit + API tests (Vitest), then the browser journeys (Playwright in
// Debian's Chromium) when Chromium is present or REQUIRE_E2E=1. Ends with "N passed, N failed",
// counted from the runners' JSON reports, and writes them to test-results/summary.json.
// E2E_SUITES picks the browser suites: `journeys` (every user journey, in two halves at once, each on its own server) and
// `instances` (two instances behind a proxy; PostgreSQL only). Default: both where they apply.
// CI runs the journeys on its PGlite pass and only the two-instance suite on its PostgreSQL pass,
// so each journey runs once.
// UNIT_TESTS=server limits Vitest to the files of server/test that reach a database or storage:
// CI's PostgreSQL pass skips the core and web tests and the database-independent server tests,
// which ran on its PGlite pass.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';
const suites = new Set((process.env.E2E_SUITES ?? 'journeys,instances').split(',').map((s) => s.trim()));
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// Only the API tests honour TEST_STORAGE (server/test/helpers.ts); the browser journeys start the real server on its local folder.
const storage = process.env.TEST_STORAGE === 's3' ? 'Dateien in S3 (s3rver)' : 'Dateien lokal';
fs.rmSync('test-results', { recursive: true, force: true });
fs.mkdirSync('test-results', { recursive: true });

function run(label, cmd, args) {
  console.log(`\n== ${label} ==`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  console.log(`== ${label}: ${Math.round((Date.now() - started) / 1000)} s ==`);
  return res.status === 0;
}

/** Like `run`, beside other work: the output is kept and printed in one piece when done. */
function runBeside(label, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n== ${label} ==`);
      process.stdout.write(Buffer.concat(output));
      console.log(`== ${label}: ${Math.round((Date.now() - started) / 1000)} s ==`);
      resolve(code === 0);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let ok = true;
/** The names of the failed tests, for the last lines of the output (a CI log may show only its end). */
const failures = [];

/** The failed tests of a Playwright JSON report: file, line and title. */
/**
 * Why a journey failed, in the two lines a CI log's end has room for: the assertion and where it
 * stopped (a log may show only its last lines, and the HTML report stays on the CI machine).
 */
function playwrightReason(test) {
  const error = test.results?.at(-1)?.errors?.[0];
  if (!error) return '';
  const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain(error.message).split('\n').map((l) => l.trim()).filter(Boolean);
  const what = [lines[0], lines.find((l) => l.startsWith('Locator:'))].filter(Boolean).join(' · ');
  const where = error.location ? ` (${path.basename(error.location.file)}:${error.location.line})` : '';
  return `\n      → ${what.slice(0, 300)}${where}`;
}

function playwrightFailures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'unexpected') out.push(`${spec.file}:${spec.line} ${spec.title}${playwrightReason(test)}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}

/** Adds a Playwright JSON report to the totals; a failed run without a failed test counts once. */
function countPlaywright(file, succeeded) {
  const report = readJson(file);
  if (report?.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    failures.push(...playwrightFailures(report));
    if (!succeeded && report.stats.unexpected === 0) failed++;
  } else if (!succeeded) failed++;
}

// The type check and the layout rules (lint/eslint.config.js) with unused code (lint/knip.json)
// run side by side: the linter uses one core. The lint reads no database, so a run limited to the
// server tests (CI's PostgreSQL pass) leaves it out.
const checks = [runBeside('Typprüfung (tsc -b)', 'npx', ['tsc', '-b'])];
if (process.env.UNIT_TESTS !== 'server') checks.push(runBeside('Lint (ESLint, knip)', 'npm', ['run', '--silent', 'lint']));
const checkLabels = ['Typprüfung (tsc -b)', 'Lint (ESLint, knip)'];
for (const [i, succeeded] of (await Promise.all(checks)).entries()) {
  const label = checkLabels[i];
  if (succeeded) passed++;
  else {
    failed++;
    failures.push(label);
  }
  ok &&= succeeded;
}

/**
 * Server test files that reach neither the database nor the stored files of a test app (or that are
 * about the embedded database itself): configuration, the embedded database's lock, seed and upgrade, layout, the PGlite thread, the scheduler,
 * both storage backends side by side, text extraction, the web app's files, the calendar invitation,
 * the XLSX files in LibreOffice, the test push service. A run limited to the server tests (CI's
 * PostgreSQL pass, after the PGlite pass ran them) leaves them out.
 */
const DATABASE_INDEPENDENT = ['config', 'database', 'invitation', 'layout', 'pglite-worker', 'push-service', 'ready', 'scheduler', 'storage', 'text-extract', 'web', 'xlsx-libreoffice'].map((name) => `server/test/${name}.test.ts`);
const serverTests = () =>
  fs
    .readdirSync('server/test', { recursive: true })
    .map((file) => `server/test/${String(file).replaceAll('\\', '/')}`)
    .filter((file) => file.endsWith('.test.ts') && !DATABASE_INDEPENDENT.includes(file))
    .sort();
const unitArgs = process.env.UNIT_TESTS === 'server' ? ['vitest', 'run', ...serverTests()] : ['vitest', 'run'];
const unit = run(`Unit- und API-Tests (Vitest, ${db}, ${storage})`, 'npx', unitArgs);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  for (const file of vitest.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) if (test.status === 'failed') failures.push(`${name}: ${test.fullName}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${name}: ${file.message?.split('\n')[0] ?? 'fehlgeschlagen'}`);
  }
  // Vitest fails a run on an unhandled error even when every test passed: count it.
  if (!unit && vitest.numFailedTests === 0) failed++;
} else if (!unit) failed++;
ok &&= unit;

const haveChromium = fs.existsSync(chromium);
if (haveChromium || requireE2e) {
  if (!haveChromium) {
    console.error(`Chromium fehlt unter ${chromium}, die Browser-Tests sind aber verlangt.`);
    failed++;
    ok = false;
  } else {
    // Built only when web/dist is missing or its sources changed (scripts/build-web.mjs).
    const built = run('Web-App bauen', 'node', ['scripts/build-web.mjs']);
    if (suites.has('journeys')) {
      const e2e = built && run(`Browser-Tests (Playwright, ${db})`, 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
      countPlaywright('test-results/playwright.json', e2e);
      ok &&= Boolean(e2e);
    }
    // Two instances on one PostgreSQL behind a proxy, with files in an S3-compatible store.
    if (process.env.DATABASE_URL && suites.has('instances')) {
      const instances = built && run('Browser-Tests: zwei Instanzen (Playwright, PostgreSQL, S3)', 'npx', ['playwright', 'test', '-c', 'e2e/instances.config.ts']);
      countPlaywright('test-results/playwright-instances.json', instances);
      ok &&= Boolean(instances);
    }
  }
} else {
  console.log('\nChromium nicht gefunden: Browser-Tests übersprungen (apt-get install -y chromium).');
}

fs.writeFileSync('test-results/summary.json', JSON.stringify({ passed, failed, failures }));
if (failures.length) console.log(`\nFehlgeschlagen:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
