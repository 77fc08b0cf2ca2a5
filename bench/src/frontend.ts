/**
 * Front-end budget: the JavaScript the login page loads (gzip, and Brotli as sent), the largest chunk (minified),
 * and the Largest Contentful Paint of the login page and of the dashboard after login, measured
 * in Debian's Chromium with a PerformanceObserver.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { ROOT } from './processes.ts';

const DIST = path.join(ROOT, 'web/dist');

export interface FrontendResult {
  loginJsGzipKiB: number;
  /** The same scripts as the server sends them to a browser that takes Brotli (the build's .br copies). */
  loginJsBrotliKiB: number;
  loginJsFiles: number;
  /** Script the dashboard loads when opened with a session (Brotli, as sent), and whether zod is among it. */
  dashboardJsBrotliKiB: number;
  dashboardLoadsZod: boolean;
  largestChunk: { file: string; kB: number };
  lcpLoginMs: number | null;
  lcpDashboardMs: number | null;
  browser: string;
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
/** The size the server sends: the build's Brotli copy (scripts/build-web.mjs), the file itself where it has none. */
const brotliSize = (file: string) => fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;

/** LCP as the page reports it: the last entry of a buffered PerformanceObserver. */
const READ_LCP = () =>
  new Promise<number>((resolve) => {
    let last = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) last = e.startTime;
    }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
    setTimeout(() => resolve(last), 300);
  });

export async function measureFrontend(baseUrl: string, login: { email: string; password: string }): Promise<FrontendResult> {
  const chunks = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const largest = chunks.map((f) => ({ file: f, bytes: fs.statSync(path.join(DIST, 'assets', f)).size })).sort((a, b) => b.bytes - a.bytes)[0]!;
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    return { loginJsGzipKiB: NaN, loginJsBrotliKiB: NaN, loginJsFiles: 0, dashboardJsBrotliKiB: NaN, dashboardLoadsZod: false, largestChunk: { file: largest.file, kB: largest.bytes / 1000 }, lcpLoginMs: null, lcpDashboardMs: null, browser: 'fehlt' };
  }
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByLabel('Benutzername').waitFor();
    const lcpLogin = await page.evaluate(READ_LCP);
    const loginJs = [...scripts].map((p) => path.join(DIST, p)).filter((f) => fs.existsSync(f));
    const loginJsGzip = loginJs.reduce((a, f) => a + gzipSize(f), 0);
    const loginJsBrotli = loginJs.reduce((a, f) => a + brotliSize(f), 0);

    // Dashboard: log in, then load the dashboard afresh so its LCP is a page load of its own.
    await page.getByLabel('Benutzername').fill(login.email);
    await page.getByLabel('Passwort', { exact: true }).fill(login.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    // Not 'networkidle': the counters' event stream (/api/events) stays open for minutes.
    const pending = new Set<Request>();
    const isCall = (r: Request) => r.url().includes('/api/') && !r.url().endsWith('/api/events');
    page.on('request', (r) => void (isCall(r) && pending.add(r)));
    page.on('requestfinished', (r) => void pending.delete(r));
    page.on('requestfailed', (r) => void pending.delete(r));
    // The scripts of the dashboard's own load (those from the browser's cache answer too).
    scripts.clear();
    await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'load' });
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    for (let quietSince = Date.now(); Date.now() - quietSince < 500; ) {
      if (pending.size > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
    const lcpDashboard = await page.evaluate(READ_LCP);
    const dashboardJs = [...scripts].map((p) => path.join(DIST, p)).filter((f) => fs.existsSync(f));
    return {
      dashboardJsBrotliKiB: dashboardJs.reduce((a, f) => a + brotliSize(f), 0) / 1024,
      // zod's error class keeps its name in the minified code.
      dashboardLoadsZod: dashboardJs.some((f) => fs.readFileSync(f, 'latin1').includes('$ZodError')),
      loginJsGzipKiB: loginJsGzip / 1024,
      loginJsBrotliKiB: loginJsBrotli / 1024,
      loginJsFiles: loginJs.length,
      largestChunk: { file: largest.file, kB: largest.bytes / 1000 },
      lcpLoginMs: lcpLogin || null,
      lcpDashboardMs: lcpDashboard || null,
      browser: browser.version(),
    };
  } finally {
    await browser.close();
  }
}
