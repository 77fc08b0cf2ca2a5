import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';

/** Journeys import `test` from here: it checks every page they visit with axe-core (a11y.ts). */
import { eanCheckDigit } from '@filialportal/core/stock';
import { test } from './a11y.ts';
export { test, watchAccessibility } from './a11y.ts';

/** The demo company's password for every login. */
export const DEMO_PASSWORD = 'demo1234';

/** localStorage key of the session token (web/src/api/session.ts). */
export const SESSION_KEY = 'filialportal.session';

/** The data directory of the server the running journey's half talks to (playwright.config.ts). */
const dataDir = () => test.info().project.metadata.dataDir as string;

/** An EAN of the demo company: 4012345 and a five-digit serial (LA-1000 is serial 1, LA-1001 serial 2). */
export function demoEan(serial: number) {
  const first12 = `4012345${String(serial).padStart(5, '0')}`;
  return first12 + eanCheckDigit(first12);
}

/** The state of the page's service worker once it is ready ('activated'). */
export function serviceWorkerState(page: Page) {
  return page.evaluate(async () => {
    const nav = (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<{ active: { state: string } | null }> } } }).navigator;
    return (await nav.serviceWorker.ready).active?.state;
  });
}

/** sessionStorage key of the after-login news dialog (web/src/features/news/UnseenNewsModal.tsx). */
const UNSEEN_NEWS_SHOWN = 'filialportal.unseenNewsShown';

/** A bearer header for a demo login, from POST /token: for the calls a journey makes beside the page. */
export async function authAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/token', { data: { username: email, password } });
  expect(res.ok(), `login ${email}`).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Opens `path` (the login screen keeps it) and logs in; resolves when the application is up.
 * Journeys about other things start as someone who already closed the dialog of new news in
 * this session; the news journey asks for it with `unseenNews`.
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD, at = '/', opts: { unseenNews?: boolean } = {}) {
  trackApiCalls(page);
  if (!opts.unseenNews) await skipUnseenNews(page);
  await page.goto(at);
  await page.getByLabel('Benutzername').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  // A sign-in hashes the password on purpose (scrypt); on a busy two-core machine running two
  // journeys at once, that and the first page take seconds.
  await expect(mainNavigation(page)).toBeVisible({ timeout: 30_000 });
}

/** The page's session counts as having shown the dialog of new news already (journeys about other things). */
export async function skipUnseenNews(page: Page) {
  await page.addInitScript((key) => (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }).sessionStorage.setItem(key, '1'), UNSEEN_NEWS_SHOWN);
}

/** API calls of a page still waiting for their answer; the counters' event stream, open all the time, is none. */
const pendingCalls = new WeakMap<Page, Set<Request>>();

function trackApiCalls(page: Page) {
  if (pendingCalls.has(page)) return;
  const pending = new Set<Request>();
  pendingCalls.set(page, pending);
  const isCall = (r: Request) => r.url().includes('/api/') && !r.url().endsWith('/api/events');
  page.on('request', (r) => isCall(r) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/**
 * Waits until the page's API calls (since `login`) are answered and none followed for `quietMs`.
 * Playwright's 'networkidle' never comes while the event stream is open.
 */
export async function apiSettled(page: Page, quietMs = 500) {
  const pending = pendingCalls.get(page);
  if (!pending) throw new Error('apiSettled: the page was not opened through login()');
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (pending.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** The sidebar with the main navigation. */
export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

/** The raw stored session entry of the page (runs in the browser; e2e has no DOM types). */
export async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(
    (key) => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key),
    SESSION_KEY,
  );
}

/** The stored session token of the page, or null. */
export async function storedToken(page: Page): Promise<string | null> {
  const raw = await storedSession(page);
  return raw ? ((JSON.parse(raw) as { token?: string }).token ?? null) : null;
}

/**
 * The newest password link mailed to `email` (mails land in DATA_DIR/outbox without SMTP). The
 * server sends the mail after answering, so it may take a moment to arrive.
 */
export async function lastPasswordLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = await findPasswordLink(email);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no password mail for ${email}`);
}

async function findPasswordLink(email: string): Promise<string | null> {
  const outbox = path.join(dataDir(), 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    // Undo quoted-printable soft line breaks and escapes so the link is whole again.
    const raw = await fs.readFile(path.join(outbox, file), 'utf8');
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    if (!text.toLowerCase().includes(`to: ${email}`)) continue;
    const match = text.match(/\/passwort-zuruecksetzen\/([A-Za-z0-9_-]+)/);
    if (match) return `/passwort-zuruecksetzen/${match[1]}`;
  }
  return null;
}

/** '24. Mai 2027', as the date picker names its days. */
const pickerDayLabel = (isoDate: string) =>
  new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

/** Opens a date field and walks the months, back or forward, until the day can be clicked. */
export async function pickDate(page: Page, field: Locator, isoDate: string) {
  // The picker of the field before (typed into, or just picked) may still be open or in its
  // closing animation: wait until none is, so the day and the steps found below are this field's.
  await expect(page.getByRole('button', { name: /^(Vorheriger|Nächster) Monat$/ }).filter({ visible: true })).toHaveCount(0);
  await field.click();
  const day = page.getByRole('button', { name: pickerDayLabel(isoDate), exact: true }).filter({ visible: true });
  const back = isoDate < `${new Date().toISOString().slice(0, 8)}01`;
  const step = page.getByRole('button', { name: back ? 'Vorheriger Monat' : 'Nächster Monat' }).filter({ visible: true });
  await expect(step).toHaveCount(1);
  for (let i = 0; i < 48 && (await day.count()) === 0; i++) await step.click();
  await day.click();
  await expect(day).toHaveCount(0);
}
