import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { login, mainNavigation, SESSION_KEY, test } from './helpers.ts';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1'), 'PNG-Signatur').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Runs in the page (e2e has no DOM types): the state of the service worker. */
function workerState(page: Page) {
  return page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, untyped here
    const nav = (globalThis as any).navigator;
    const registration = await nav.serviceWorker.ready;
    return { active: registration.active?.state ?? null, scope: new URL(registration.scope).pathname, controlled: nav.serviceWorker.controller !== null };
  });
}

/** Every URL in the page's Cache Storage, across all caches. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, untyped here
    const caches = (globalThis as any).caches;
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

/**
 * Puts a new service worker in place of the served one, as a release does: web/dist/sw.js and its
 * compressed copies. `restore` puts the built ones back.
 */
function deployNewWorker(): { restore(): void } {
  const dist = path.resolve(import.meta.dirname, '..', 'web', 'dist');
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(dist, name)).filter((file) => fs.existsSync(file));
  const saved = files.map((file) => [file, fs.readFileSync(file)] as const);
  const next = Buffer.concat([fs.readFileSync(path.join(dist, 'sw.js')), Buffer.from('\n// neue Version\n')]);
  for (const file of files) fs.writeFileSync(file, file.endsWith('.br') ? zlib.brotliCompressSync(next) : file.endsWith('.gz') ? zlib.gzipSync(next) : next);
  return { restore: () => saved.forEach(([file, bytes]) => fs.writeFileSync(file, bytes)) };
}

test.describe('Installierbare App und Offline-Hülle', () => {
  test('Manifest ist verlinkt und vollständig, Symbole und Apple-Angaben passen', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Filialportal', short_name: 'Filialportal', lang: 'de', display: 'standalone', start_url: '/', scope: '/', theme_color: '#8a5a24' });
    expect(String(manifest.description)).toContain('Mitarbeiterportal');

    for (const size of [192, 512]) expect(manifest.icons.some((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').includes('any')), `${size} px`).toBe(true);
    expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(await png.body()), icon.src).toEqual({ width: w, height: h });
    }

    // iOS Safari reads no manifest icons: its own touch icon and meta tags.
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await request.get(touchIcon!)).body())).toEqual({ width: 180, height: 180 });
    const meta = (name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');
    expect(await meta('apple-mobile-web-app-capable')).toBe('yes');
    expect(await meta('mobile-web-app-capable')).toBe('yes');
    expect(await meta('apple-mobile-web-app-title')).toBe('Filialportal');
    expect(await meta('theme-color')).toBe('#8a5a24');

    // The worker is revalidated on every visit, so a new version is found.
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('Die Seite fragt beim Lesen des HTML nach dem Code dessen, was sie zeigt: ohne Sitzung die Anmeldeseite, mit Sitzung die Startseite; die Sicherheitsrichtlinie lässt genau dieses Skript zu', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && refused.push(m.text()));
    // Runs in the page: of the files each preload list names, those the page script added links for.
    const preloaded = () =>
      page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, untyped here
        const doc = (globalThis as any).document;
        const linked = new Set([...doc.querySelectorAll('link[rel="modulepreload"], link[rel="preload"], link[rel="stylesheet"]')].map((l: { getAttribute(n: string): string }) => l.getAttribute('href')));
        const list = (name: string) => String(doc.querySelector(`meta[name="${name}"]`)?.content ?? '').split(' ');
        return Object.fromEntries(['filialportal-login-preload', 'filialportal-session-preload'].map((name) => [name, list(name).filter((f) => linked.has(f)).length / list(name).length]));
      });
    await page.goto('/dashboard');
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    expect(await preloaded()).toEqual({ 'filialportal-login-preload': 1, 'filialportal-session-preload': 0 });

    await login(page, 'verkauf@example.com', undefined, '/dashboard');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Guten (Morgen|Tag|Abend)/ })).toBeVisible();
    expect(await preloaded()).toEqual({ 'filialportal-login-preload': 0, 'filialportal-session-preload': 1 });
    expect(refused).toEqual([]);
  });

  test.describe('mit Service Worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('Ohne Netz öffnet die App ihre Hülle und sagt „Keine Verbindung“; mit Netz geht es weiter, API-Antworten liegen nie im Cache', async ({ page, context }) => {
      await login(page, 'verkauf@example.com', undefined, '/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /^Guten (Morgen|Tag|Abend)/ })).toBeVisible();
      // The worker registers after the page has loaded and precaches the shell while installing.
      await expect.poll(async () => (await workerState(page)).active, { timeout: 30_000 }).toBe('activated');
      // The page it was installed from is not yet its own; every page loaded after that is.
      await page.reload();
      await expect(mainNavigation(page)).toBeVisible();
      expect(await workerState(page)).toEqual({ active: 'activated', scope: '/', controlled: true });

      const cached = await cachedUrls(page);
      expect(cached).toContain('/index.html');
      expect(cached.filter((u) => u.startsWith('/assets/') && u.endsWith('.js')).length).toBeGreaterThan(20);
      expect(cached.some((u) => u.endsWith('.wasm')), 'der Barcode-Leser wird nicht vorab geladen').toBe(false);

      // Offline: a reload opens the portal from the worker, not the browser's error page.
      await context.setOffline(true);
      await page.reload();
      await expect(page).toHaveTitle(/Filialportal$/);
      const offline = page.getByRole('status').filter({ hasText: 'Keine Verbindung' });
      await expect(offline).toBeVisible();
      // The application opens with the person kept from the last answer (app/kept-user.ts).
      await expect(mainNavigation(page)).toBeVisible();
      // A page of the app that this visit has not opened yet opens too (every page is index.html).
      await page.goto('/aufgaben/eigene');
      await expect(offline).toBeVisible();
      // The session stays: without network nothing says it ended.
      expect(await page.evaluate((key) => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key), SESSION_KEY)).not.toBeNull();

      // Online again: the portal loads what it waited for, the notice goes.
      await context.setOffline(false);
      await expect(mainNavigation(page)).toBeVisible();
      await expect(offline).toBeHidden();
      await expect(page).toHaveURL(/\/aufgaben\/eigene$/);

      // What the visit has loaded since, data of the person included, is not in any cache.
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /^Guten (Morgen|Tag|Abend)/ })).toBeVisible();
      const after = await cachedUrls(page);
      expect(after.filter((u) => u.startsWith('/api')), 'API-Antworten im Cache Storage').toEqual([]);
    });

    test('Eine neue Version meldet sich mit „Neue Version verfügbar – neu laden“; der Klick lädt sie, die alte Seite bleibt bis dahin', async ({ page }) => {
      await login(page, 'verkauf@example.com', undefined, '/dashboard');
      await expect.poll(async () => (await workerState(page)).active, { timeout: 30_000 }).toBe('activated');
      await page.reload();
      await expect(mainNavigation(page)).toBeVisible();
      expect((await workerState(page)).controlled).toBe(true);
      const notice = page.getByRole('status').filter({ hasText: 'Neue Version verfügbar' });
      await expect(notice).toBeHidden();

      // A release: the server's files change (its worker differs by a byte here; a real release
      // differs in its precache list). Written as the build writes them, the compressed copies too.
      const release = deployNewWorker();
      try {
        // The portal asks hourly; here at once, as the browser also does on a navigation.
        await page.evaluate(() =>
          (globalThis as unknown as { navigator: { serviceWorker: { getRegistration(): Promise<{ update(): Promise<void> }> } } }).navigator.serviceWorker
            .getRegistration()
            .then((r) => r.update()),
        );

        // The new version waits; the page in use stays as it is until the person chooses.
        await expect(notice).toBeVisible({ timeout: 30_000 });
        const waiting = () =>
          page.evaluate(async () => {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, untyped here
            const registration = await (globalThis as any).navigator.serviceWorker.getRegistration();
            return registration.waiting !== null;
          });
        expect(await waiting()).toBe(true);
        await page.evaluate(() => ((globalThis as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

        const reloaded = page.waitForEvent('load', { timeout: 30_000 });
        await notice.getByRole('button', { name: 'neu laden' }).click();
        await reloaded;
        // The page is loaded anew (the marker of the old page is gone) under the new worker, and nothing waits.
        expect(await page.evaluate(() => (globalThis as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
        await expect(mainNavigation(page)).toBeVisible();
        await expect(notice).toBeHidden();
        expect(await waiting()).toBe(false);
        expect(await workerState(page)).toEqual({ active: 'activated', scope: '/', controlled: true });
      } finally {
        release.restore();
      }
    });

    test('Die Anmeldeseite sagt ohne Netz „Keine Verbindung“; eine Anmeldung ohne Netz meldet das, mit Netz gelingt sie', async ({ page, context }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
      await expect.poll(async () => (await workerState(page)).active, { timeout: 30_000 }).toBe('activated');

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
      const offline = page.getByRole('status').filter({ hasText: 'Keine Verbindung' });
      await expect(offline).toBeVisible();
      await page.getByLabel('Benutzername').fill('verkauf@example.com');
      await page.getByLabel('Passwort', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('keine Verbindung zum Server');

      await context.setOffline(false);
      await expect(offline).toBeHidden();
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expect(mainNavigation(page)).toBeVisible();
    });
  });
});
