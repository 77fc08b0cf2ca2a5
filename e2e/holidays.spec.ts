import { expect } from '@playwright/test';
import { login, test } from './helpers.ts';

test.describe('Schulferien', () => {
  test('Admin importiert Schulferien aus einer CSV-Datei und sieht sie in der Liste', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/schulferien');
    await expect(page.getByRole('heading', { name: 'Schulferien' })).toBeVisible();
    const csv = 'Bundesland;Name;Beginn;Ende\nNW;Sommerferien;13.07.2026;25.08.2026\nNW;Herbstferien;17.10.2026;31.10.2026\nXX;Kaputt;1.1.2026;2.1.2026\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'ferien.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Importieren' }).click();
    await expect(page.getByRole('status')).toContainText('2 Einträge importiert. Nicht gelesen: Zeile 4.');
    const table = page.getByRole('table', { name: 'Schulferien' });
    await expect(table.getByRole('cell', { name: 'Sommerferien' })).toBeVisible();
    await expect(table.getByRole('cell', { name: '13.07.2026' })).toBeVisible();

    await table.getByRole('row', { name: /Herbstferien/ }).getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText("Schulferien 'Herbstferien' löschen?")).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(table.getByRole('cell', { name: 'Herbstferien' })).toHaveCount(0);
  });

  test('eine Datei ohne lesbare Ferien wird mit Hinweis abgelehnt', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/schulferien');
    await page.locator('input[type=file]').setInputFiles({ name: 'leer.csv', mimeType: 'text/csv', buffer: Buffer.from('irgendwas\n') });
    await page.getByRole('button', { name: 'Importieren' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'In der Datei wurden keine Ferien gefunden' })).toBeVisible();
  });
});
