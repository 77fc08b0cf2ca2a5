import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, mainNavigation, storedToken, test } from './helpers.ts';

/** Instance n answers directly on the proxy's port + n (scripts/instances.mjs). */
const proxyPort = Number(process.env.INSTANCES_PORT ?? 3220);
const instance = (n: 1 | 2) => `http://127.0.0.1:${proxyPort + n}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n% zwei Instanzen\n');

async function apiLogin(request: APIRequestContext, base: string, email: string): Promise<string> {
  const res = await request.post(`${base}/api/token`, { data: { username: email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The number the counter beside a navigation entry shows (its label starts with it), 0 when none is shown. */
async function counter(page: Page, entry: string): Promise<number> {
  const badge = mainNavigation(page).getByRole('button', { name: new RegExp(`^${entry}\\b`) }).locator('[aria-label]');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().getAttribute('aria-label'))?.match(/^\d+/)?.[0] ?? 0);
}

test.describe.configure({ mode: 'serial' });

test.describe('Zwei Instanzen auf einer Datenbank', () => {
  test('hinter dem Proxy: Anmeldung, Hochladen und Herunterladen, auch wenn jede Anfrage die andere Instanz trifft', async ({ page }) => {
    const answeredBy = new Set<string>();
    page.on('response', (r) => {
      const n = r.headers()['x-filialportal-instance'];
      if (n && r.url().includes('/api/')) answeredBy.add(n);
    });
    await login(page, 'verwaltung@example.com', undefined, '/dokumente');
    await page.getByRole('button', { name: 'Ordner Handbücher öffnen' }).click();
    await page.getByRole('button', { name: 'Dokumente hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Dokumente hochladen' });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Dateien wählen' }).click();
    await (await chooser).setFiles({ name: 'Verlegeanleitung Instanzen.pdf', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByRole('button', { name: 'Hochladen' }).click();
    await expect(upload).toBeHidden({ timeout: 20_000 });

    // Each download goes to the next instance in turn: both must hand out the same bytes.
    for (let i = 0; i < 2; i++) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Verlegeanleitung Instanzen.pdf herunterladen' }).click()]);
      const path = await download.path();
      expect(Buffer.compare((await import('node:fs')).readFileSync(path), PDF)).toBe(0);
    }
    expect([...answeredBy].sort()).toEqual(['1', '2']);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Verlegeanleitung Instanzen.pdf herunterladen' })).toBeVisible();
  });

  test('angemeldet bei Instanz 1, gehandelt bei Instanz 2: der Zähler in der Navigation zieht binnen 2 s nach', async ({ page, request }) => {
    await login(page, 'verkauf@example.com', undefined, `${instance(1)}/`);
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    // The session of instance 1 works on instance 2.
    const me = await request.get(`${instance(2)}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);

    const tasksBefore = await counter(page, 'Aufgaben');
    const lead = await apiLogin(request, instance(2), 'filialleitung@example.com');
    const created = await request.post(`${instance(2)}/api/task`, {
      headers: { authorization: `Bearer ${lead}` },
      data: { title: 'Musterfläche umbauen', deadline: '2030-06-01', teams: ['Verkauf'] },
    });
    expect(created.status()).toBe(200);
    const sent = Date.now();
    await expect.poll(() => counter(page, 'Aufgaben'), { timeout: 2_000, intervals: [50] }).toBe(tasksBefore + 1);
    expect(Date.now() - sent).toBeLessThan(2_000);

    const newsBefore = await counter(page, 'Neuigkeiten');
    const hr = await apiLogin(request, instance(2), 'personalleitung@example.com');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
    const posted = await request.post(`${instance(2)}/api/news`, {
      headers: { authorization: `Bearer ${hr}` },
      data: { title: 'Inventur am Samstag', text: '<p>Alle Filialen zählen ab 8 Uhr.</p>', date: today },
    });
    expect(posted.status()).toBe(200);
    await expect.poll(() => counter(page, 'Neuigkeiten'), { timeout: 2_000, intervals: [50] }).toBe(newsBefore + 1);
  });

  test('abgemeldet bei Instanz 2: Instanz 1 lehnt die Sitzung binnen einer Sekunde ab', async ({ request }) => {
    const token = await apiLogin(request, instance(2), 'lagerist@example.com');
    const auth = { authorization: `Bearer ${token}` };
    // Instance 1 now holds the session in its cache.
    expect((await request.get(`${instance(1)}/api/user`, { headers: auth })).status()).toBe(200);
    expect((await request.post(`${instance(2)}/api/logout`, { headers: auth })).status()).toBeLessThan(300);
    const sent = Date.now();
    await expect.poll(async () => (await request.get(`${instance(1)}/api/user`, { headers: auth })).status(), { timeout: 1_000, intervals: [50] }).toBe(401);
    expect(Date.now() - sent).toBeLessThan(1_000);
  });
});
