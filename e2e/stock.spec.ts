import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { writeBarcodeVideo } from './fixtures/barcode-video.ts';
import { demoEan as ean, login, test } from './helpers.ts';


// Chromium's fake camera plays this video of LA-1000's barcode, so the real decoding path runs.
const video = writeBarcodeVideo(path.join(os.tmpdir(), `filialportal-scan-${process.pid}.y4m`), ean(1));

test.describe.configure({ mode: 'serial' });
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

test.describe('Bestand scannen', () => {
  test('Lagerist scannt mit der Kamera, tippt eine EAN und ändert den Bestand der eigenen Filiale', async ({ page }) => {
    await login(page, 'lagerist@example.com', undefined, '/sortiment/bestand');
    await expect(page.getByRole('table', { name: 'Artikel' }).locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Bestand ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bestand ändern' });
    // Only the own branch: the location cannot be changed.
    await expect(dialog.getByRole('combobox', { name: 'Standort' })).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Standort' })).toHaveValue('Zentrallager Köln');

    await dialog.getByRole('switch', { name: 'Mit der Kamera scannen' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'LA-1000' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('textbox', { name: 'EAN' })).toHaveValue(ean(1));
    await dialog.getByRole('textbox', { name: 'Anzahl (gezählt)' }).fill('17');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const done = dialog.getByRole('table', { name: 'Geänderte Bestände' });
    await expect(done.getByRole('row', { name: /LA-1000/ })).toContainText('17');
    await dialog.getByRole('switch', { name: 'Mit der Kamera scannen' }).click();

    // Typed by hand: an unknown EAN has the spec message, a known one is found.
    await dialog.getByRole('textbox', { name: 'EAN' }).fill('4000000009999');
    await dialog.getByRole('button', { name: 'Suchen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.stockEanUnknown.replace('{n}', '4000000009999'));
    await dialog.getByRole('textbox', { name: 'EAN' }).fill(ean(2));
    await dialog.getByRole('button', { name: 'Suchen' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'LA-1001' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Anzahl (gezählt)' }).fill('4');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(done.getByRole('row', { name: /LA-1001/ })).toContainText('4');
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await expect(dialog).toBeHidden();

    // The list of the own branch shows the new counts; another branch cannot be edited.
    await expect(page.getByRole('textbox', { name: 'Bestand LA-1000' })).toHaveValue('17');
    await page.getByRole('combobox', { name: 'Standort' }).click();
    await page.getByRole('option', { name: 'Filiale Köln' }).click();
    await expect(page.getByRole('row', { name: /LA-1000/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Bestand LA-1000' })).toHaveCount(0);
  });

  test('Eine getippte EAN findet, was die Liste zeigt – auch einen inaktiven Artikel; einen ausgeblendeten kennt niemand', async ({ page, browser }) => {
    // LA-1022 (serial 23) is inactive in the demo company.
    const inactive = ean(23);
    await login(page, 'zentrallagerleitung@example.com', undefined, '/sortiment/bestand?nummer=LA-102');
    await expect(page.getByRole('row', { name: /LA-1022/ })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Bestand ändern' }).click();
    let dialog = page.getByRole('dialog', { name: 'Bestand ändern' });
    await dialog.getByRole('textbox', { name: 'EAN' }).fill(inactive);
    await dialog.getByRole('button', { name: 'Suchen' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'LA-1022' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Anzahl (gezählt)' }).fill('9');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByRole('table', { name: 'Geänderte Bestände' }).getByRole('row', { name: /LA-1022/ })).toContainText('9');

    // The Lagerist's list hides it: typed and saved without searching, it is unknown and stays at 9.
    const other = await browser.newPage();
    await login(other, 'lagerist@example.com', undefined, '/sortiment/bestand?nummer=LA-102');
    await expect(other.getByRole('row', { name: /LA-1021/ })).toBeVisible({ timeout: 20_000 });
    await expect(other.getByRole('row', { name: /LA-1022/ })).toHaveCount(0);
    await other.getByRole('button', { name: 'Bestand ändern' }).click();
    dialog = other.getByRole('dialog', { name: 'Bestand ändern' });
    await dialog.getByRole('textbox', { name: 'EAN' }).fill(inactive);
    await dialog.getByRole('textbox', { name: 'Anzahl (gezählt)' }).fill('2');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.stockEanUnknown.replace('{n}', inactive));
    await other.close();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Bestand LA-1022' })).toHaveValue('9', { timeout: 20_000 });
  });
});

test.describe('Sortiment', () => {
  test('Admin legt ein Sortiment mit Datenblatt und Ansprechpartner an; ein Sortiment mit Artikeln lässt sich nicht löschen', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/sortiment');
    await page.getByRole('button', { name: 'Neues Sortiment' }).click();
    let dialog = page.getByRole('dialog', { name: 'Neues Sortiment anlegen' });
    await dialog.getByRole('button', { name: 'Sortiment anlegen' }).click();
    await expect(dialog.getByText(MSG.requiredField)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Fliesen');
    await dialog.getByRole('tab', { name: 'Technische Daten' }).click();
    await expect(dialog.getByText(MSG.categorySaveFirst)).toBeVisible();
    await dialog.getByRole('tab', { name: 'Ansprechpartner' }).click();
    await expect(dialog.getByRole('button', { name: 'Kontakt hinzufügen' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Lieferant' }).fill('Fliesenwerk Süd');
    await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Keller');
    await dialog.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
    await dialog.getByRole('button', { name: 'Sortiment anlegen' }).click();
    await expect(dialog).toBeHidden();

    const tile = page.getByRole('article', { name: 'Fliesen' });
    await expect(tile.getByRole('button', { name: 'Ansprechpartner (1)' })).toBeVisible();
    await tile.getByRole('button', { name: 'Fliesen bearbeiten' }).click();
    dialog = page.getByRole('dialog', { name: 'Sortiment "Fliesen" bearbeiten' });
    await dialog.getByRole('tab', { name: 'Technische Daten' }).click();
    await dialog.getByRole('button', { name: 'Aktionen für den Hauptordner' }).click();
    await page.getByRole('menuitem', { name: 'Datei hochladen' }).click();
    await dialog.getByLabel('Datei der technischen Daten').setInputFiles({
      name: 'Verlegeanleitung Fliesen.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await expect(dialog.getByRole('button', { name: 'Verlegeanleitung Fliesen.pdf herunterladen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await tile.getByRole('button', { name: 'Technische Daten (1)' }).click();
    const download = page.waitForEvent('download');
    await tile.getByRole('button', { name: 'Verlegeanleitung Fliesen.pdf herunterladen' }).click();
    expect((await download).suggestedFilename()).toBe('Verlegeanleitung Fliesen.pdf');

    await page.getByRole('article', { name: 'Laminat' }).getByRole('button', { name: 'Laminat löschen' }).click();
    await expect(page.getByText(MSG.categoryNotEmpty)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Laminat' })).toBeVisible();
  });
});
