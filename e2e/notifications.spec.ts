import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, mondayOf } from '@filialportal/core/calendar';
import { DEMO_PASSWORD, apiSettled, authAs, login, test } from './helpers.ts';

const PHONE = { width: 390, height: 844 };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** The unread count the bell names ('Benachrichtigungen, 3 ungelesene'), 0 without. */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByRole('button', { name: /^Benachrichtigungen/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) ungelesene/.exec(label)?.[1] ?? 0);
}

/**
 * Verkauf (Greta Wolf) asks for three days in a free week two years ahead (a week no other
 * journey uses); returns how to take the request back.
 */
async function askForVacation(request: APIRequestContext) {
  const verkauf = await authAs(request, 'verkauf@example.com');
  const me = (await (await request.get('/api/user', { headers: verkauf })).json()) as { user: { id: string } };
  const year = Number(today.slice(0, 4)) + 2;
  for (let week = 0; week < 20; week++) {
    const start = addDays(mondayOf(`${year}-02-02`), 7 * week);
    const asked = await request.post('/api/appointment', {
      headers: verkauf,
      data: { appointment: { startDate: start, endDate: addDays(start, 2), userId: me.user.id, overtimeDeduction: false, specialHoliday: false, reason: '' } },
    });
    if (asked.status() === 422) continue;
    expect([200, 224], await asked.text()).toContain(asked.status());
    const { appointment } = (await asked.json()) as { appointment: { id: string } };
    return async () => void (await request.delete(`/api/appointment/${appointment.id}`, { headers: verkauf }));
  }
  throw new Error('no free week for a request');
}

test.describe('Benachrichtigungen', () => {
  test('Die Glocke der Filialleitung zeigt einen neuen Urlaubsantrag binnen zwei Sekunden, und der Eintrag öffnet ihn', async ({ page, request }) => {
    await login(page, 'filialleitung@example.com', DEMO_PASSWORD, '/dashboard');
    await apiSettled(page);
    const before = await bellCount(page);
    const takeBack = await askForVacation(request);
    try {
      const asked = Date.now();
      await expect.poll(() => bellCount(page), { timeout: 2_000, intervals: [100] }).toBe(before + 1);
      expect(Date.now() - asked).toBeLessThan(2_000);

      await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
      const entry = page.getByRole('dialog', { name: 'Benachrichtigungen' }).getByRole('button', { name: /Urlaubsantrag von Greta Wolf/ }).first();
      await expect(entry).toBeVisible();
      await entry.click();
      await expect(page).toHaveURL(/\/urlaub\//);
      await expect(page.getByRole('main').getByText('Wolf, Greta').first()).toBeVisible();
      // Opened is read: the bell counts one less.
      await expect.poll(() => bellCount(page)).toBe(before);
    } finally {
      await takeBack();
    }
  });

  test('Die Liste aller Benachrichtigungen: alle als gelesen markieren', async ({ page, request }) => {
    const takeBack = await askForVacation(request);
    try {
      await login(page, 'filialleitung@example.com', DEMO_PASSWORD, '/benachrichtigungen');
      await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: /Urlaubsantrag von Greta Wolf.*ungelesen/ }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
      await expect(page.getByRole('main').getByText('(ungelesen)')).toHaveCount(0);
      await expect.poll(() => bellCount(page)).toBe(0);
    } finally {
      await takeBack();
    }
  });

  test('In den Benutzereinstellungen gilt die Wahl von Push und E-Mail je Art auch nach dem Neuladen', async ({ page }) => {
    await login(page, 'verkauf@example.com', DEMO_PASSWORD, '/benutzereinstellungen');
    const mail = page.getByRole('checkbox', { name: 'Neue Aufgabe: E-Mail' });
    await expect(mail).not.toBeChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/notifications/settings') && r.request().method() === 'PUT');
    await mail.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Neue Aufgabe: E-Mail' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Neue Aufgabe: E-Mail' }).uncheck();
    await apiSettled(page);
  });

  test.describe('Telefonbreite', () => {
    test.use({ viewport: PHONE });

    test('Glocke und Liste passen auf den Schirm, ohne seitwärts zu scrollen', async ({ page }) => {
      await login(page, 'filialleitung@example.com', DEMO_PASSWORD, '/benachrichtigungen');
      await apiSettled(page);
      const bell = page.getByRole('link', { name: /^Benachrichtigungen/ });
      const box = (await bell.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // On a phone the bell leads to the list itself, which has room for it.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /^Benachrichtigungen/ }).or(page.getByRole('link', { name: /^Benachrichtigungen/ })).click();
      await expect(page).toHaveURL(/\/benachrichtigungen$/);
      await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeVisible();
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
});
