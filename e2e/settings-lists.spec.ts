import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, test } from './helpers.ts';

/** A date `days` from today in Berlin, as the calendar names its day buttons ('5. Dezember 2026'). */
function berlinDay(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', ...options }).format(date);
  const today = new Date();
  const monthIndex = (d: Date) => {
    const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(d).split('-');
    return Number(y) * 12 + Number(m);
  };
  return {
    label: part({ day: 'numeric', month: 'long', year: 'numeric' }),
    /** How many months the calendar has to move forward from the current one. */
    monthsAhead: monthIndex(date) - monthIndex(today),
  };
}

/** Opens the date picker of `label` and picks the day `days` from today. */
async function pickDate(page: Page, label: string, days: number) {
  const { label: dayLabel, monthsAhead } = berlinDay(days);
  await page.getByRole('dialog').getByRole('textbox', { name: label, exact: true }).click();
  for (let i = 0; i < monthsAhead; i++) await page.getByRole('button', { name: 'Nächster Monat' }).click();
  await page.getByRole('button', { name: dayLabel, exact: true }).click();
}

test.describe('Einstellungen: Sondertermine, Standorte, Listen', () => {
  test('Sondertermin mit Überschneidung: Warnung nennt den anderen Termin, trotzdem erstellen', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/sondertermine');
    const table = page.getByRole('table', { name: 'Sondertermine' });
    await expect(table.getByRole('cell', { name: 'Hausmesse Köln', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Neuer Sondertermin' }).click();
    const form = page.getByRole('dialog', { name: 'Neuer Sondertermin' });
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form.getByText(MSG.titleRequired, { exact: true })).toBeVisible();

    await form.getByRole('textbox', { name: 'Titel', exact: true }).fill('Inventur Köln');
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form.getByText(MSG.dateRequired, { exact: true })).toBeVisible();

    // Same start as the demo's 'Hausmesse Köln' (14–15 days from today).
    await pickDate(page, 'Datum', 14);
    await form.getByRole('combobox', { name: 'Standorte' }).click();
    await page.getByRole('option', { name: 'Filiale Köln', exact: true }).click();
    await form.getByRole('textbox', { name: 'Titel', exact: true }).click();
    await form.getByRole('button', { name: 'Erstellen' }).click();

    const warning = page.getByRole('dialog', { name: 'Terminüberschneidung' });
    await expect(warning).toBeVisible();
    await expect(warning.getByText('Hausmesse Köln', { exact: true })).toBeVisible();
    await expect(warning.getByText('Standorte: Filiale Köln', { exact: true })).toBeVisible();
    await warning.getByRole('button', { name: 'Trotzdem erstellen' }).click();

    await expect(form).toBeHidden();
    await expect(table.getByRole('cell', { name: 'Inventur Köln', exact: true })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Inventur Köln' });
    await expect(row.getByRole('cell', { name: 'Filiale Köln', exact: true })).toBeVisible();

    // The search narrows the list (debounced).
    await page.getByRole('textbox', { name: 'Suche' }).fill('Inventur Köln');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: 'Hausmesse Köln', exact: true })).toHaveCount(0);
  });

  test('Standort: Pflichtfelder, ungültige IP, dann gespeichert', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/standorte');
    const name = `Aachen Test ${Date.now() % 100_000}`;

    await page.getByRole('button', { name: 'Neuer Standort' }).click();
    const form = page.getByRole('dialog', { name: 'Neuer Standort' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'PLZ', exact: true }).fill('52062');
    await form.getByRole('textbox', { name: 'Ort', exact: true }).fill('Aachen');
    await form.getByRole('combobox', { name: 'Bundesland' }).click();
    await page.getByRole('option', { name: 'Nordrhein-Westfalen', exact: true }).click();
    await form.getByRole('textbox', { name: 'Position', exact: true }).fill('99');
    await form.getByRole('textbox', { name: 'IP-Adressen', exact: true }).fill('10.20.30.40');

    // Street left empty.
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form.getByText(MSG.fillAllFields, { exact: true })).toBeVisible();

    await form.getByRole('textbox', { name: 'Straße', exact: true }).fill('Theaterstraße 1');
    await form.getByRole('textbox', { name: 'IP-Adressen', exact: true }).fill('300.1.1.1');
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form.getByText(MSG.ipInvalid, { exact: true })).toBeVisible();
    // The input stays after an error.
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

    await form.getByRole('textbox', { name: 'IP-Adressen', exact: true }).fill('10.20.30.40,  10.20.30.41');
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form).toBeHidden();

    const table = page.getByRole('table', { name: 'Standorte' });
    await table.getByRole('button', { name: 'Name' }).click();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText('10.20.30.41')).toBeVisible();
  });

  test('Labels mit Farbe: Systemlabels fest, neues Label anlegen und löschen', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/labels');
    const table = page.getByRole('table', { name: 'Labels mit Farbe' });
    await expect(table.getByRole('row').filter({ hasText: 'Werbung' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Werbung bearbeiten' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Werbung löschen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neuheit bearbeiten' })).toBeVisible();

    await page.getByRole('button', { name: 'Neues Label' }).click();
    const form = page.getByRole('dialog', { name: 'Neues Label' });
    // Both problems at once; the name's goes as soon as it is typed.
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form.getByRole('alert')).toContainText(MSG.nameRequired);
    await expect(form.getByRole('alert')).toContainText(MSG.colorRequired);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Restposten');
    await expect(form.getByRole('alert')).toHaveText(MSG.colorRequired);
    await form.getByRole('textbox', { name: 'Farbe' }).fill('#a5d8ff');
    await form.getByRole('textbox', { name: 'Name', exact: true }).click();
    await form.getByRole('button', { name: 'Erstellen' }).click();
    await expect(form).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Restposten' })).toContainText('#a5d8ff');

    await page.getByRole('button', { name: 'Restposten löschen' }).click();
    const confirm = page.getByRole('dialog', { name: "Label 'Restposten' löschen?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'Restposten' })).toHaveCount(0);
  });

  test('Login-Verlauf zeigt die Anmeldung des Admins als erfolgreich', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/login-verlauf');
    const table = page.getByRole('table', { name: 'Login-Verlauf' });
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText('admin@example.com');
    await expect(newest.getByText('erfolgreich', { exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Suche' }).fill('verkauf@example.com');
    await expect(table.getByRole('cell', { name: 'admin@example.com', exact: true })).toHaveCount(0);
  });

  test('Globale Einstellungen: Link prüfen, speichern, Sortiment-Tabelle zeigt ihn', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/globale-einstellungen');
    // Two forms on the page (the sheet's link and the vacation rule): each saves on its own.
    const sheet = page.getByRole('form', { name: 'Sortiment-Tabelle' });
    const link = page.getByLabel('Link der Sortiment-Tabelle');
    await link.fill('http://example.com/tabelle');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.sheetUrlInvalid, { exact: true })).toBeVisible();

    const url = 'https://docs.google.com/spreadsheets/d/e/beispiel/pubhtml';
    await link.fill(url);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Sortiment-Tabelle ansehen' }).click();
    await expect(page).toHaveURL(/\/sortiment\/tabelle$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sortiment' })).toBeVisible();
    await expect(page.locator('iframe[title="Sortiment-Tabelle"]')).toHaveAttribute('src', url);

    // Back to no link: the page says so and leads to the settings.
    await page.getByRole('link', { name: 'Link ändern' }).click();
    await page.getByLabel('Link der Sortiment-Tabelle').fill('');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    await page.goto('/sortiment/tabelle');
    await expect(page.getByText('Noch keine Sortiment-Tabelle')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Link in den globalen Einstellungen eintragen' })).toBeVisible();
  });

  test('Globale Einstellungen: Personalleitung stellt den Verfall übertragener Urlaubstage ein', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/einstellungen/globale-einstellungen');
    // HR sees the vacation rule only, not the sheet's link.
    await expect(page.getByLabel('Link der Sortiment-Tabelle')).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Urlaub: Verfall übertragener Tage' });
    const field = form.getByLabel('Übertragene Urlaubstage verfallen am');
    await expect(field).toHaveValue('31.03.');
    await field.fill('31.02.');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByText('Bitte ein Datum im Format TT.MM. angeben (z. B. 31.03.) oder das Feld leer lassen.')).toBeVisible();
    await field.fill('30.06.');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByText(MSG.saved, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Übertragene Urlaubstage verfallen am')).toHaveValue('30.06.');
    await page.getByLabel('Übertragene Urlaubstage verfallen am').fill('31.03.');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
  });

  test('Verkauf sieht keine Einstellungen', async ({ page }) => {
    await login(page, 'verkauf@example.com');
    await expect(mainNavigation(page).getByRole('link', { name: 'Einstellungen' })).toHaveCount(0);
    await page.goto('/einstellungen/sondertermine');
    await expect(page.getByText(MSG.notAllowed, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sondertermine' })).toHaveCount(0);
  });
});
