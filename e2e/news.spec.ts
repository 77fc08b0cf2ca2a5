import path from 'node:path';
import { expect } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, test } from './helpers.ts';

const TITLE = 'Teamfrühstück in Köln';
const TEXT = 'Am Freitag gibt es Brötchen für alle im Pausenraum.';
const COMMENT = 'Ich bringe Kaffee mit!';

test.describe.configure({ mode: 'serial' });

test.describe('Neuigkeiten', () => {
  test('Personalleitung veröffentlicht eine Neuigkeit mit HEIC-Foto für Filiale Köln', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/neuigkeiten');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuigkeiten' })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Neuigkeiten-Archiv' })).toBeVisible();
    await page.getByRole('button', { name: 'Neue Neuigkeit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Neuigkeit' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.newsTitleRequired);
    await dialog.getByLabel('Titel').fill(TITLE);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.newsTextRequired);

    // The toolbar names its buttons in German, also for screen readers.
    for (const name of ['Fett', 'Kursiv', 'Unterstrichen', 'Aufzählung', 'Nummerierte Liste', 'Zitat', 'Link einfügen', 'Rückgängig']) {
      await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('button', { name: /^(Bold|Italic|Underline|Bullet list|Ordered list|Blockquote|Link|Undo|Redo)$/ })).toHaveCount(0);
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type(TEXT);
    await dialog.getByText('Personal', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Personal' })).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Standorte' }).click();
    await page.getByRole('option', { name: 'Filiale Köln' }).click();
    await page.keyboard.press('Escape');
    await dialog.locator('input[type="file"]').setInputFiles(path.join(import.meta.dirname, 'fixtures/foto.heic'));
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });

    await page.getByRole('tab', { name: 'Personal' }).click();
    const card = page.getByRole('article', { name: TITLE });
    await expect(card).toBeVisible();
    await expect(card.getByText(TEXT)).toBeVisible();
    // The HEIC photo arrives as a JPEG preview.
    await expect(card.getByRole('img', { name: 'foto.jpg' })).toBeVisible();
    await expect.poll(() => card.getByRole('img', { name: 'foto.jpg' }).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  });

  test('vor dem Veröffentlichen zeigt das Formular, wen Gruppen und Standorte erreichen und warum', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/neuigkeiten');
    await page.getByRole('button', { name: 'Neue Neuigkeit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Neuigkeit' });
    const audience = dialog.getByRole('region', { name: 'Empfänger' });
    // Without a choice: everyone who reads news.
    await expect(audience.getByText(/^Empfänger: \d+ Personen$/)).toBeVisible();
    const everyone = Number((await audience.getByText(/^Empfänger:/).innerText()).replace(/\D/g, ''));

    // The location first: only the group then brings the lines through a parent group.
    await dialog.getByRole('combobox', { name: 'Standorte' }).click();
    await page.getByRole('option', { name: 'Filiale Köln' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Benutzergruppen' }).click();
    await page.getByRole('option', { name: 'Verkauf', exact: true }).click();
    await page.keyboard.press('Escape');

    // Verkauf at Köln also reaches Azubi and Aushilfe: the form says so, and why.
    const groups = audience.getByRole('list', { name: 'Empfänger je Gruppe' });
    await expect(groups.getByRole('listitem').filter({ hasText: /^Azubi: \d+ Personen? – über die übergeordnete Gruppe Verkauf$/ })).toBeVisible();
    await expect(groups.getByRole('listitem').filter({ hasText: /^Aushilfe: \d+ Personen? – über die übergeordnete Gruppe Verkauf$/ })).toBeVisible();
    await expect(groups.getByRole('listitem').filter({ hasText: /^Verkauf: \d+ Personen?$/ })).toBeVisible();
    await expect(groups.getByRole('listitem')).toHaveCount(3);
    // Those who see all news see it too, named apart.
    await expect(audience.getByText(/^Dazu \d+ Personen? mit dem Recht „Alle Neuigkeiten sehen“ \(.*Personalleitung.*\)\.$/)).toBeVisible();
    const reached = Number((await audience.getByText(/^Empfänger:/).innerText()).replace(/\D/g, ''));
    expect(reached).toBeGreaterThan(3);
    expect(reached).toBeLessThan(everyone);

    await audience.getByRole('button', { name: 'Personen anzeigen' }).click();
    const people = audience.getByRole('table', { name: 'Empfänger' });
    await expect(people.locator('tbody tr')).toHaveCount(reached);
    await expect(people.getByRole('row').filter({ hasText: 'Azubi' }).filter({ hasText: 'Filiale Köln' }).first()).toBeVisible();
    await expect(people.getByRole('row').filter({ hasText: 'Lagerist' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Verkauf in Köln sieht sie nach der Anmeldung, auf dem Dashboard, liked und kommentiert', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/', { unseenNews: true });
    const unseen = page.getByRole('dialog', { name: 'Neue Neuigkeiten' });
    await expect(unseen).toBeVisible();
    await expect(unseen.getByText(TITLE)).toBeVisible();
    await expect(mainNavigation(page).getByLabel(/neue Neuigkeite?n?$/)).toBeVisible();
    await unseen.getByRole('button', { name: 'Alle gelesen' }).click();
    await expect(unseen).toBeHidden();
    await expect(mainNavigation(page).getByLabel(/neue Neuigkeite?n?$/)).toHaveCount(0);

    const section = page.getByRole('region', { name: 'Neuigkeiten' });
    await section.getByRole('button', { name: 'Personal' }).click();
    await expect(section.getByText(TITLE)).toBeVisible();

    await page.goto('/neuigkeiten?kategorie=Personal');
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: 'Gefällt mir', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Gefällt mir nicht mehr' })).toBeVisible();
    await expect(card.getByText('Gefällt 1 Person', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: '0 Kommentare' }).click();
    await expect(card.getByText(MSG.noComments)).toBeVisible();
    await card.getByRole('button', { name: 'Senden' }).click();
    await expect(card.getByText(MSG.commentRequired)).toBeVisible();
    await card.getByLabel('Kommentar schreiben').fill(COMMENT);
    await card.getByRole('button', { name: 'Senden' }).click();
    // Sent: the input empties, and the comment stands in the list.
    await expect(card.getByLabel('Kommentar schreiben')).toHaveValue('');
    await expect(card.getByText(COMMENT)).toBeVisible();
    await expect(card.getByRole('button', { name: '1 Kommentar' })).toBeVisible();
  });

  test('Franchise Leipzig sieht die Kölner Neuigkeit nicht', async ({ page }) => {
    await login(page, 'franchise@example.com', undefined, '/neuigkeiten?kategorie=Personal');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuigkeiten' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: TITLE })).toHaveCount(0);
  });
});
