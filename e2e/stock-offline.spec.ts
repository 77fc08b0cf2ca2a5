import { expect, type APIRequestContext } from '@playwright/test';
import { authAs, demoEan as ean, login, serviceWorkerState, test } from './helpers.ts';

const SERIALS = [11, 12, 13, 14, 15];

/** The article behind an EAN and how many stock changes its history holds. */
async function historyOf(request: APIRequestContext, auth: Record<string, string>, serial: number) {
  const found = await request.get(`/api/article/ean/${ean(serial)}`, { headers: auth });
  const { article } = (await found.json()) as { article: { id: string; number: string } };
  const history = await request.get(`/api/article/${article.id}/history`, { headers: auth });
  return { id: article.id, number: article.number, count: ((await history.json()) as { count: number }).count };
}

test.describe('Zählen ohne Netz', () => {
  test.use({ serviceWorkers: 'allow' });

  test('Fünf Zählungen ohne Netz überstehen das Neuladen, gehen mit dem Netz einmal an den Server, ein Konflikt zeigt beide Werte', async ({ page, context, browser, request }) => {
    test.setTimeout(120_000);
    const auth = await authAs(request, 'lagerist@example.com');
    const before = await Promise.all(SERIALS.map((s) => historyOf(request, auth, s)));

    await login(page, 'lagerist@example.com', undefined, '/sortiment/bestand');
    await expect(page.getByRole('table', { name: 'Artikel' }).locator('tbody tr').first()).toBeVisible();
    // The worker installs after the first load; the pages after it are its own.
    await expect.poll(() => serviceWorkerState(page), { timeout: 30_000 }).toBe('activated');
    await page.reload();
    await page.getByRole('button', { name: 'Bestand ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bestand ändern' });
    // Opened with a network, the dialog keeps the category on the device.
    await expect(dialog.getByText(/^Offline verfügbar: Laminat, \d+ Artikel/)).toBeVisible({ timeout: 20_000 });

    await context.setOffline(true);
    await expect(dialog.getByText(/Ohne Netz: Zählungen bleiben auf dem Gerät/)).toBeVisible();
    for (const [i, serial] of SERIALS.entries()) {
      await dialog.getByRole('textbox', { name: 'EAN' }).fill(ean(serial));
      await dialog.getByRole('button', { name: 'Suchen' }).click();
      // Found in the device's copy, with the stock last seen.
      await expect(dialog.getByRole('alert').filter({ hasText: before[i]!.number })).toContainText('Bestand hier (zuletzt gesehen)');
      await dialog.getByRole('textbox', { name: 'Anzahl (gezählt)' }).fill(String(40 + i));
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(dialog.getByRole('table', { name: 'Geänderte Bestände' }).getByRole('row', { name: new RegExp(before[i]!.number) })).toContainText('wartet');
    }
    await expect(dialog.getByText('5 Zählungen warten')).toBeVisible();

    // A colleague counts the last article meanwhile, with a network.
    const colleague = await browser.newPage();
    const other = await authAs(colleague.request, 'zentrallagerleitung@example.com');
    const mine = (await (await request.get('/api/user', { headers: auth })).json()) as { user: { location: { id: string } } };
    const changed = await colleague.request.post('/api/article/updatestock', { headers: other, data: { articleId: before[4]!.id, location: mine.user.location.id, count: 77 } });
    expect(changed.ok()).toBe(true);
    await colleague.close();

    // Reloaded without network: the portal opens from the worker, the dialog again, the counts still there.
    await page.reload();
    await expect(dialog.getByText('5 Zählungen warten')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: '5 Zählungen warten auf Übertragung' })).toBeVisible();
    const meanwhile = await Promise.all(SERIALS.map((s) => historyOf(request, auth, s)));
    expect(meanwhile.map((a, i) => a.count - before[i]!.count)).toEqual([0, 0, 0, 0, 1]);

    // The network returns: four go through, the fifth meets the colleague's count.
    await context.setOffline(false);
    const conflict = dialog.getByRole('alertdialog', { name: 'Bestand inzwischen geändert' });
    await expect(conflict).toBeVisible({ timeout: 30_000 });
    const values = conflict.getByRole('table', { name: 'Beide Werte' });
    await expect(values.getByRole('row', { name: /Bestand jetzt/ })).toContainText('77');
    await expect(values.getByRole('row', { name: /Ihre Zählung/ })).toContainText('44');
    await conflict.getByRole('button', { name: 'Meine Zählung übernehmen' }).click();
    await expect(conflict).toBeHidden();
    const rows = dialog.getByRole('table', { name: 'Geänderte Bestände' });
    for (const row of before) await expect(rows.getByRole('row', { name: new RegExp(row.number) })).toContainText('übertragen', { timeout: 20_000 });
    await expect(dialog.getByText(/Zählungen? warte/)).toHaveCount(0);

    // Exactly five history rows of the device, the colleague's one beside them.
    const after = await Promise.all(SERIALS.map((s) => historyOf(request, auth, s)));
    expect(after.map((a, i) => a.count - before[i]!.count)).toEqual([1, 1, 1, 1, 2]);
    // The session's list stays over a reload; 'Fertig' ends the session, the next one starts empty.
    // Both wait on the network like the first opening did: a reload, the category's copy checked anew.
    await page.reload();
    await expect(rows.getByRole('row', { name: new RegExp(before[0]!.number) })).toContainText('übertragen', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('button', { name: 'Bestand ändern' }).click();
    await expect(dialog.getByText(/^Offline verfügbar: Laminat/)).toBeVisible({ timeout: 20_000 });
    await expect(rows).toHaveCount(0);
  });

  test('Mit geschlossener Seite sendet der Service Worker per Background Sync, was auf dem Gerät wartet', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const auth = await authAs(request, 'lagerist@example.com');
    const before = await historyOf(request, auth, 16);
    await login(page, 'lagerist@example.com', undefined, '/sortiment/bestand?zaehlen=1');
    await expect.poll(() => serviceWorkerState(page), { timeout: 30_000 }).toBe('activated');
    const dialog = page.getByRole('dialog', { name: 'Bestand ändern' });
    await expect(dialog.getByText(/^Offline verfügbar: Laminat/)).toBeVisible({ timeout: 20_000 });

    await context.setOffline(true);
    await dialog.getByRole('textbox', { name: 'EAN' }).fill(ean(16));
    await dialog.getByRole('button', { name: 'Suchen' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: before.number })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Anzahl (gezählt)' }).fill('21');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByRole('table', { name: 'Geänderte Bestände' }).getByRole('row', { name: new RegExp(before.number) })).toContainText('wartet');

    // The portal's tab is closed while offline; with the network back the browser wakes the
    // worker (Background Sync), the only one left to send. The journey wakes it the way the
    // browser does (DevTools' sync event): when the browser tried while the network was still
    // emulated away, its own next try comes only minutes later.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const { registrationId, scopeURL } = await registration;
    await page.close();
    await context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(scopeURL).origin, registrationId, tag: 'filialportal-zaehlungen', lastChance: false });
    await expect.poll(async () => (await historyOf(request, auth, 16)).count, { timeout: 30_000 }).toBe(before.count + 1);
  });
});
