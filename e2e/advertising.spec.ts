import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, pickDate, test } from './helpers.ts';

const TODAY_TITLE = 'Wochenaktion Klick-Vinyl';
const NEXT_TITLE = 'Vorschau Herbstkollektion';
const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A day in Europe/Berlin, `offset` days from today, as YYYY-MM-DD. */
function berlinDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

async function createEntry(page: Page, title: string, showFrom: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: 'Neue Werbung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Werbung' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Datei wählen' }).click();
  await (await chooser).setFiles(file);
  await dialog.getByRole('textbox', { name: /^Titel/ }).fill(title);
  await pickDate(page, dialog.getByLabel('Anzeigen ab'), showFrom);
  await dialog.getByRole('combobox', { name: 'Artikelnummern' }).fill('VI-1001,');
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('Werbung', () => {
  test('Vertriebsleitung legt Werbung für heute und für nächsten Monat an', async ({ page }) => {
    await login(page, 'vertriebsleitung@example.com', undefined, '/werbung');
    await expect(mainNavigation(page).getByRole('link', { name: /Werbung/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Werbung' })).toBeVisible();

    // Without a file the form names what is missing and stays open.
    await page.getByRole('button', { name: 'Neue Werbung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Werbung' });
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByText(MSG.advertisingFileRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Titel/ }).fill('Entwurf');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page.getByText(MSG.discardChanges)).toBeVisible();
    await page.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(dialog).toBeHidden();

    await createEntry(page, TODAY_TITLE, berlinDay(0), { name: 'aktion.heic', mimeType: 'image/heic', buffer: heic });
    await createEntry(page, NEXT_TITLE, berlinDay(31), { name: 'herbst.png', mimeType: 'image/png', buffer: PNG });
    const upcoming = page.getByRole('row').filter({ hasText: NEXT_TITLE });
    await expect(upcoming.getByText('demnächst')).toBeVisible();
    // The HEIC photo is stored as a JPEG.
    await expect(page.getByRole('row').filter({ hasText: TODAY_TITLE }).getByRole('button', { name: 'aktion.jpg' })).toBeVisible();
  });

  test('Verkauf sieht die Werbung von heute, die des nächsten Monats noch nicht', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/werbung');
    await expect(page.getByRole('row').filter({ hasText: TODAY_TITLE })).toBeVisible();
    await expect(page.getByText(NEXT_TITLE)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neue Werbung' })).toHaveCount(0);
  });

  test('Einträge nach ihrer Gültigkeit sind als abgelaufen markiert, laufende nicht', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/werbung');
    // The demo's spring campaign ended weeks ago; the vinyl weeks still run.
    const over = page.getByRole('row').filter({ hasText: 'Frühjahrsaktion Laminat' });
    await expect(over.getByText('Abgelaufen', { exact: true })).toBeVisible();
    await expect(over.getByText('Abgelaufen', { exact: true })).toHaveCSS('text-transform', 'uppercase');
    const running = page.getByRole('row').filter({ hasText: 'Prospekt Vinyl-Wochen' });
    await expect(running).toBeVisible();
    await expect(running.getByText('Abgelaufen', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: TODAY_TITLE }).getByText('Abgelaufen', { exact: true })).toHaveCount(0);
  });
});
