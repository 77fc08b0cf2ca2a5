/**
 * Lighthouse 12.2.3 with its default configuration, the mobile preset (a mid-range phone,
 * simulated slow 4G and 4× slower CPU), in Debian's Chromium, against the server as `npm start`
 * runs it (its bundle, a fresh data directory with the demo company, the built web app): the
 * login page, and the dashboard of a branch salesperson with the session token in the page's
 * storage where the web app keeps it. Each page is measured `LIGHTHOUSE_RUNS` times (default 3)
 * in a fresh browser, and the run with the median performance score counts, as Lighthouse
 * recommends against its run-to-run variance.
 *
 * `npm run bench` includes it (not in the quick smoke run of CI); `npm run lighthouse -w bench`
 * runs it alone and writes the reports to test-results/lighthouse/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type lighthouseType from 'lighthouse';
import { ROOT, startChild } from './processes.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** The goals of the issue, per page. */
export const LIGHTHOUSE_GOALS = { performance: 90, lcpMs: 2500, accessibility: 100, bestPractices: 100 };

/** localStorage key of the session token (web/src/api/session.ts). */
const SESSION_KEY = 'filialportal.session';
/** sessionStorage key of the after-login news dialog (web/src/features/news/UnseenNewsModal.tsx): measured as a person who has seen it. */
const UNSEEN_NEWS_SHOWN = 'filialportal.unseenNewsShown';
const DASHBOARD_USER = 'verkauf@example.com';
const PASSWORD = 'demo1234';

export interface LighthousePage {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes the page transferred (compressed, as sent). */
  scriptKiB: number;
  /** Performance scores of all runs, the counted one among them. */
  runs: number[];
  /** Audits of the three categories that did not pass, as `id: title`. */
  failing: string[];
}

export interface LighthouseResult {
  version: string;
  browser: string;
  /** Lighthouse's measure of this machine's CPU speed: its 4× slowdown assumes a fast desktop as the host. */
  benchmarkIndex: number;
  pages: LighthousePage[];
}

const round = (score: number | null | undefined) => Math.round((score ?? 0) * 100);

async function tokenFor(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  if (!res.ok) throw new Error(`Anmeldung ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouseType>>>['lhr'];

/** One Lighthouse run of `url` in a fresh Chromium; `token` is put into the page's storage before its scripts run. */
async function runOnce(url: string, chromePath: string, token: string | null): Promise<{ lhr: Lhr; html: string }> {
  // Loaded here, not with the module: the report and the query rules import this file for its
  // section and types only, and Lighthouse takes a while to load.
  const [{ default: lighthouse }, chromeLauncher, { default: puppeteer }] = await Promise.all([import('lighthouse'), import('chrome-launcher'), import('puppeteer-core')]);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (token) {
      // Lighthouse empties the origin's storage before it loads the page; this runs at the start
      // of every document, so the app finds the session where it keeps it (web/src/api/session.ts).
      await page.evaluateOnNewDocument(
        (key, value, seenKey) => {
          // Runs in the page; the bench has no DOM types.
          const w = globalThis as unknown as Record<'localStorage' | 'sessionStorage', { setItem(k: string, v: string): void }>;
          w.localStorage.setItem(key, value);
          w.sessionStorage.setItem(seenKey, '1');
        },
        SESSION_KEY,
        JSON.stringify({ token }),
        UNSEEN_NEWS_SHOWN,
      );
    }
    const result = await lighthouse(url, { output: 'html', logLevel: 'error', onlyCategories: [...CATEGORIES], locale: 'de' }, undefined, page);
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse lieferte nichts für ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${result.lhr.runtimeError.message}`);
    return { lhr: result.lhr, html: String(result.report) };
  } finally {
    chrome.kill();
  }
}

function summarize(name: string, pagePath: string, lhr: Lhr, runs: number[]): LighthousePage {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find((i) => i.resourceType === 'script');
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || c !== 'performance')
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .map((a) => `${a.id}: ${a.title}`),
  );
  return {
    name,
    path: pagePath,
    performance: round(lhr.categories.performance?.score),
    accessibility: round(lhr.categories.accessibility?.score),
    bestPractices: round(lhr.categories['best-practices']?.score),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptKiB: (scripts?.transferSize ?? 0) / 1024,
    runs,
    failing: [...new Set(failing)],
  };
}

/**
 * Starts the server as `npm start` does on a port of its own, measures the login page and the
 * dashboard, stops the server. `reportDir`: where the HTML reports of the counted runs go.
 * Null when Chromium is missing.
 */
export async function measureLighthouse(opts: { port: number; runs?: number; reportDir?: string; log?: (line: string) => void }): Promise<LighthouseResult | null> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return null;
  const runs = opts.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const log = opts.log ?? (() => undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-lighthouse-'));
  // scripts/start.mjs is `npm start`: the server bundle, the web build (already there), the demo company.
  const server = await startChild('scripts/start.mjs', opts.port, { DATA_DIR: dataDir }, '/', { tsx: false });
  try {
    const pages: LighthousePage[] = [];
    let last: Lhr | null = null;
    for (const [name, pagePath, user] of [
      ['Anmeldeseite', '/', null],
      ['Dashboard (Verkauf)', '/dashboard', DASHBOARD_USER],
    ] as const) {
      const done: { lhr: Lhr; html: string }[] = [];
      for (let i = 0; i < runs; i++) {
        // A trace Lighthouse could not read (NO_NAVSTART and the like) is tried again, twice at most.
        let run: { lhr: Lhr; html: string } | null = null;
        for (let attempt = 1; !run; attempt++) {
          const token = user ? await tokenFor(server.url, user) : null;
          run = await runOnce(`${server.url}${pagePath}`, chromePath, token).catch((err: unknown) => {
            if (attempt >= 3) throw err;
            log(`Lighthouse ${name}: ${err instanceof Error ? err.message : String(err)}; noch einmal`);
            return null;
          });
        }
        log(`Lighthouse ${name}, Lauf ${i + 1}/${runs}: Leistung ${round(run.lhr.categories.performance?.score)}, LCP ${Math.round(run.lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms`);
        done.push(run);
      }
      const sorted = [...done].sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      pages.push(summarize(name, pagePath, median.lhr, done.map((d) => round(d.lhr.categories.performance?.score))));
      if (opts.reportDir) {
        fs.mkdirSync(opts.reportDir, { recursive: true });
        const file = path.join(opts.reportDir, pagePath === '/' ? 'anmeldung' : pagePath.slice(1));
        fs.writeFileSync(`${file}.html`, median.html);
        fs.writeFileSync(`${file}.json`, JSON.stringify(median.lhr));
      }
      last = median.lhr;
    }
    return {
      version: last?.lighthouseVersion ?? '',
      browser: last?.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '',
      benchmarkIndex: last?.environment.benchmarkIndex ?? NaN,
      pages,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report's section (bench/REPORT.md, and the output of the standalone run). */
export function lighthouseSection(result: LighthouseResult | null): string[] {
  if (!result) return ['Nicht gemessen (kein Chromium).'];
  const g = LIGHTHOUSE_GOALS;
  const ok = (met: boolean) => (met ? '✓' : '✗');
  const lines = [
    `| Seite | Leistung (≥ ${g.performance}) | LCP (≤ ${(g.lcpMs / 1000).toFixed(1).replace('.', ',')} s) | Barrierefreiheit (${g.accessibility}) | Best Practices (${g.bestPractices}) | FCP | TBT | CLS | Skripte übertragen | Leistung aller Läufe |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...result.pages.map(
      (p) =>
        `| ${p.name} (\`${p.path}\`) | ${p.performance} ${ok(p.performance >= g.performance)} | ${(p.lcpMs / 1000).toFixed(2).replace('.', ',')} s ${ok(p.lcpMs <= g.lcpMs)} | ${p.accessibility} ${ok(p.accessibility >= g.accessibility)} | ${p.bestPractices} ${ok(p.bestPractices >= g.bestPractices)} | ${Math.round(p.fcpMs)} ms | ${Math.round(p.tbtMs)} ms | ${p.cls.toFixed(3).replace('.', ',')} | ${p.scriptKiB.toFixed(1).replace('.', ',')} KiB | ${p.runs.join(', ')} |`,
    ),
    '',
    `Lighthouse ${result.version}, Standardkonfiguration (Mobil: simuliertes langsames 4G, 4× langsamere CPU), Chromium ${result.browser} (Debian), gegen den Server wie \`npm start\` ihn startet (Demo-Firma); das Dashboard als \`${DASHBOARD_USER}\` mit dem Sitzungstoken im Speicher der Seite. Je Seite zählt der Lauf mit dem mittleren Leistungswert. Benchmark-Index dieses Rechners: ${Math.round(result.benchmarkIndex)} (die simulierte Drosselung rechnet mit der CPU-Zeit, die dieser Rechner braucht; auf einem geteilten, ausgelasteten Rechner fallen Leistung und LCP schlechter aus).`,
  ];
  const failing = result.pages.filter((p) => p.failing.length > 0);
  if (failing.length > 0) {
    lines.push('', 'Nicht bestandene Prüfungen:', '');
    for (const p of failing) lines.push(`- ${p.name}: ${p.failing.join('; ')}`);
  }
  return lines;
}

// `npm run lighthouse -w bench`: this part alone.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, '/bench/'))) {
  const reportDir = path.join(ROOT, 'test-results/lighthouse');
  measureLighthouse({ port: Number(process.env.BENCH_PORT ?? 3900) + 2, reportDir, log: (line) => console.log(line) })
    .then((result) => {
      const text = ['## Lighthouse (Mobil)', '', ...lighthouseSection(result)].join('\n');
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\n${text}\n\nBerichte: ${path.relative(ROOT, reportDir)}/`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
