import { expect } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, test } from './helpers.ts';

test.describe('Benutzereinstellungen', () => {
  test('Prüfungen wie auf dem Server, dann Telefon speichern', async ({ page }) => {
    await login(page, 'verkauf@example.com');
    await page.getByRole('banner').getByRole('link', { name: /Benutzereinstellungen/ }).click();
    await expect(page).toHaveURL(/\/benutzereinstellungen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzereinstellungen' })).toBeVisible();

    const firstName = page.getByLabel('Vorname');
    const original = await firstName.inputValue();
    expect(original.length).toBeGreaterThan(1);
    await expect(page.getByLabel('E-Mail', { exact: true })).toHaveValue('verkauf@example.com');
    await expect(page.getByLabel('E-Mail', { exact: true })).toHaveAttribute('readonly', '');
    const save = page.getByRole('button', { name: 'Speichern' });

    await firstName.fill('');
    await save.click();
    await expect(page.getByText(MSG.fillAllFields, { exact: true })).toBeVisible();
    await firstName.fill('G');
    await save.click();
    await expect(page.getByText(MSG.fillAllFields, { exact: true })).toBeVisible();
    await firstName.fill(original);

    const password = page.getByLabel('Neues Passwort', { exact: true });
    const repeat = page.getByLabel('Passwort wiederholen', { exact: true });
    await password.fill('geheim-1');
    await repeat.fill('geheim-2');
    await save.click();
    await expect(page.getByText(MSG.passwordsDiffer, { exact: true })).toBeVisible();
    // The input stays after an error.
    await expect(password).toHaveValue('geheim-1');

    await password.fill('kurz');
    await repeat.fill('kurz');
    await save.click();
    await expect(page.getByText(MSG.passwordTooShort, { exact: true })).toBeVisible();
    await password.fill('');
    await repeat.fill('');

    const phone = `0221 ${Date.now() % 1_000_000}`;
    await page.getByLabel('Telefon').fill(phone);
    await save.click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Telefon')).toHaveValue(phone);
    await expect(page.getByLabel('Vorname')).toHaveValue(original);
  });

  test('Geänderter Name erscheint in der Kopfzeile', async ({ page }) => {
    await login(page, 'lagerist@example.com', undefined, '/benutzereinstellungen');
    const header = page.getByRole('banner');
    const firstName = page.getByLabel('Vorname');
    const original = await firstName.inputValue();
    await firstName.fill('Kim');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    await expect(header.getByText(/^Kim /)).toBeVisible();
    await firstName.fill(original);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(header.getByText(new RegExp(`^${original} `))).toBeVisible();
  });
});

test.describe('Einstellungen', () => {
  test('Benutzerliste: Suche, Sortierung, Seiten', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzer');
    const table = page.getByRole('table', { name: 'Benutzer' });
    await expect(table.getByRole('row')).toHaveCount(7); // header + 6 per page
    await expect(page.getByRole('navigation', { name: 'Seiten' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Suche' }).fill('verkauf@example.com');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: 'verkauf@example.com' })).toBeVisible();
    await expect(page.getByText('1 Benutzer', { exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Suche' }).fill('');
    const lastName = table.getByRole('columnheader', { name: 'Nachname' });
    await lastName.getByRole('button').click();
    await expect(lastName).toHaveAttribute('aria-sort', 'ascending');
    await lastName.getByRole('button').click();
    await expect(lastName).toHaveAttribute('aria-sort', 'descending');
    await lastName.getByRole('button').click();
    await expect(lastName).toHaveAttribute('aria-sort', 'none');

    await page.getByRole('button', { name: 'Seite 2' }).click();
    await expect(page.getByRole('button', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('Filialleitung sieht nur die Benutzer', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/einstellungen');
    await expect(page).toHaveURL(/\/einstellungen\/benutzer$/);
    await expect(page.getByRole('tab', { name: 'Benutzer' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Standorte' })).toHaveCount(0);
    await page.goto('/einstellungen/standorte');
    await expect(page.getByText(MSG.notAllowed, { exact: true })).toBeVisible();
  });
});

test.describe('Profilbild', () => {
  /** A valid 2×2 PNG. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNYUaQHRAwQCgAl1gUhc6VAYwAAAABJRU5ErkJggg==',
    'base64',
  );

  test('falscher Typ wird abgelehnt, ein PNG erscheint in der Kopfzeile', async ({ page }) => {
    await login(page, 'bodenleger@example.com', undefined, '/benutzereinstellungen');
    const header = page.getByRole('banner');
    await expect(header.locator('img')).toHaveCount(0);
    const input = page.locator('input[type="file"]');

    await input.setInputFiles({ name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('hallo') });
    await expect(page.getByText(MSG.avatarType, { exact: true })).toBeVisible();

    await input.setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('bild.png')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    await expect(header.locator('img')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').locator('img')).toBeVisible();
  });
});
