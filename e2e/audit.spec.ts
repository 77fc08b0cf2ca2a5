import path from 'node:path';
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { RETENTION_KINDS, type RetentionKind } from '@filialportal/core/retention';
import { authAs, login, test } from './helpers.ts';

const ADMIN = 'admin@example.com';
const PHONE = { width: 390, height: 844 };

/** Screenshots land beside the other test results of the repository. */
const shot = (name: string) => path.resolve(import.meta.dirname, '..', 'test-results', `audit-${name}.png`);

/** Today in Berlin as the date fields show it (DD.MM.YYYY). */
const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/** The admin's name as the person filter lists it ('Nachname, Vorname'). */
async function adminOption(request: APIRequestContext) {
  const me = (await (await request.get('/api/user', { headers: await authAs(request, ADMIN) })).json()) as { user: { firstName: string; lastName: string } };
  return `${me.user.lastName}, ${me.user.firstName}`;
}

/**
 * Einstellungen → Aufbewahrung: a value out of bounds is refused with its German message and
 * stays as typed; then one more day than now is saved. Returns the change as the trail shows it.
 */
async function changeRetention(page: Page, kind: RetentionKind) {
  const { label, min } = RETENTION_KINDS[kind];
  await page.goto('/einstellungen/aufbewahrung');
  const form = page.getByRole('form', { name: 'Aufbewahrung' });
  const field = form.getByLabel(label, { exact: true });
  await expect(field).not.toHaveValue('');
  const before = Number((await field.inputValue()).replace(/\./g, ''));

  await field.fill(String(min - 1));
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByText(`${label}: bitte eine ganze Zahl von ${min} bis`)).toBeVisible();
  await expect(field).toHaveValue(String(min - 1));
  await page.screenshot({ path: shot(`aufbewahrung-${page.viewportSize()!.width}`), fullPage: true });

  await field.fill(String(before + 1));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/globalsettings/retention') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Speichern' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(form.getByRole('status').filter({ hasText: 'Änderungen gespeichert' })).toBeVisible();
  return `${label}: ${before} → ${before + 1}`;
}

/** Filters the trail by the admin, 'Aufbewahrung' and today (on a phone behind 'Filter'). */
async function filterTrail(page: Page, person: string) {
  const field = page.getByRole('combobox', { name: 'Person', exact: true });
  await field.click();
  await field.fill(person.split(',')[0]!);
  await page.getByRole('option', { name: person, exact: true }).click();
  await page.getByRole('combobox', { name: 'Bereich', exact: true }).click();
  await page.getByRole('option', { name: 'Aufbewahrung', exact: true }).click();
  await page.getByLabel('Von', { exact: true }).fill(today);
  await page.getByLabel('Von', { exact: true }).press('Tab');
  await expect(page).toHaveURL(/person=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/bereich=retention/);
  await expect(page).toHaveURL(/von=\d{4}-\d{2}-\d{2}/);
}

/** The export of the filtered list arrives as Protokoll.xlsx. */
async function exportTrail(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  expect((await download).suggestedFilename()).toBe('Protokoll.xlsx');
}

test.describe('Einstellungen → Protokoll', () => {
  test('Admin ändert eine Aufbewahrungsfrist und findet die Änderung im Protokoll (1280 und 1024 px)', async ({ page, request }) => {
    const person = await adminOption(request);
    await login(page, ADMIN, undefined, '/einstellungen/aufbewahrung');
    const change = await changeRetention(page, 'notificationDays');

    await page.getByRole('tab', { name: 'Protokoll' }).click();
    const table = page.getByRole('table', { name: 'Protokoll' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await filterTrail(page, person);

    const row = table.getByRole('row').filter({ hasText: change });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Aufbewahrung', exact: true })).toBeVisible();
    await expect(row.getByText('geändert', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

    // A reload keeps the filters: they live in the address.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Bereich', exact: true })).toHaveValue('Aufbewahrung');
    await expect(table.getByRole('row').filter({ hasText: change })).toHaveCount(1);

    await exportTrail(page);

    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('1280'), fullPage: true });
    // Beside the navigation at 1024 px the list is narrower than the table: its rows become cards.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole('list', { name: 'Protokoll' }).getByRole('listitem').filter({ hasText: change })).toHaveCount(1);
    await page.screenshot({ path: shot('1024x768') });

    // A filter that matches nothing says so.
    await page.getByRole('combobox', { name: 'Bereich', exact: true }).click();
    await page.getByRole('option', { name: 'Beanstandung', exact: true }).click();
    await expect(page.getByText('Keine Einträge zu diesen Filtern')).toBeVisible();
  });

  test.describe('am Telefon (390 × 844)', () => {
    test.use({ viewport: PHONE });

    test('Admin: Filter hinter „Filter“, Einträge als Karten, kein Seitwärtsscrollen, Export', async ({ page, request }) => {
      const person = await adminOption(request);
      await login(page, ADMIN, undefined, '/einstellungen/aufbewahrung');
      const change = await changeRetention(page, 'sickNoteDays');

      await page.goto('/einstellungen/protokoll');
      const cards = page.getByRole('list', { name: 'Protokoll' });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await filterTrail(page, person);

      const card = cards.getByRole('listitem').filter({ hasText: change });
      await expect(card).toHaveCount(1);
      await expect(card.getByText('Aufbewahrung', { exact: true })).toBeVisible();
      const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);

      await exportTrail(page);
      await page.getByRole('button', { name: 'Filter ausblenden' }).click();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('390x844') });
    });
  });

  test('Personalleitung sieht weder Protokoll noch Aufbewahrung', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/einstellungen');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Protokoll' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Aufbewahrung' })).toHaveCount(0);

    await page.goto('/einstellungen/protokoll');
    await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Protokoll' })).toHaveCount(0);
  });

  test('Personalleitung lädt die Daten einer Person als ZIP', async ({ page, request }) => {
    const verkauf = ((await (await request.get('/api/user', { headers: await authAs(request, 'verkauf@example.com') })).json()) as { user: { id: string } }).user;
    await login(page, 'personalleitung@example.com', undefined, `/einstellungen/benutzer/${verkauf.id}`);
    const section = page.getByRole('region', { name: 'Daten der Person' });
    // The form POST opens a tab that downloads at once; Chromium reports it on this page or the new tab.
    const download = new Promise<Download>((resolve) => {
      page.on('download', resolve);
      page.context().on('page', (tab) => tab.on('download', resolve));
    });
    await section.getByRole('button', { name: 'Daten exportieren (ZIP)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Daten .+\.zip$/);
    const bytes = await (await import('node:fs/promises')).readFile(await file.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

test.describe('Person endgültig löschen', () => {
  test('Personalleitung sieht, was gelöscht und was behalten wird, und löscht eine ausgeschiedene Person (1280 und 390 px)', async ({ page, request }) => {
    const admin = await authAs(request, ADMIN);
    const me = (await (await request.get('/api/user', { headers: admin })).json()) as { user: { location: { id: string } } };
    const stamp = Date.now().toString(36);
    const created = await request.post('/api/user', {
      headers: admin,
      data: {
        user: { firstName: 'Ida', lastName: `Ausgeschieden${stamp}`, email: `ida.${stamp}@example.com`, location: me.user.location.id, personalNumber: `A-${stamp}`, active: false },
        password: 'demo1234',
        passwordRepeat: 'demo1234',
        role: 'Verkauf',
      },
    });
    expect(created.ok()).toBe(true);
    const { user } = (await created.json()) as { user: { id: string } };

    await login(page, 'personalleitung@example.com', undefined, `/einstellungen/benutzer/${user.id}`);
    const section = page.getByRole('region', { name: 'Person endgültig löschen' });
    await section.getByRole('button', { name: 'Endgültig löschen …' }).click();
    const dialog = page.getByRole('dialog', { name: `Ausgeschieden${stamp}, Ida endgültig löschen` });
    await expect(dialog.getByRole('list', { name: 'Wird gelöscht' }).getByText('Benutzerkonto mit Name, E-Mail, Telefon und Personalnummer: 1')).toBeVisible();
    await expect(dialog.getByText('Das lässt sich nicht rückgängig machen.')).toBeVisible();
    await page.screenshot({ path: shot('loeschen-1280') });
    await page.setViewportSize(PHONE);
    await expect(dialog.getByRole('button', { name: 'Endgültig löschen' })).toBeInViewport();
    await page.screenshot({ path: shot('loeschen-390x844') });

    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(page.getByText(`Ausgeschieden${stamp}, Ida wurde endgültig gelöscht.`)).toBeVisible();
    await expect(page).toHaveURL(/\/einstellungen\/benutzer(\?|$)/);
    expect((await request.get(`/api/user/${user.id}`, { headers: admin })).status()).toBe(404);
  });

  test('ein aktiver Benutzer lässt sich nicht endgültig löschen', async ({ page, request }) => {
    const verkauf = ((await (await request.get('/api/user', { headers: await authAs(request, 'verkauf@example.com') })).json()) as { user: { id: string } }).user;
    await login(page, 'personalleitung@example.com', undefined, `/einstellungen/benutzer/${verkauf.id}`);
    const section = page.getByRole('region', { name: 'Person endgültig löschen' });
    await expect(section.getByText('Setzen Sie sie zuerst auf inaktiv.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Endgültig löschen …' })).toBeDisabled();
  });
});
