import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, storedToken, test } from './helpers.ts';

/** Picks an entry of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A number no demo user has (the demo numbers start at 1001). */
function freshPersonalNumber() {
  return String(900_000 + Math.floor(Math.random() * 99_999));
}

test.describe('Benutzerverwaltung', () => {
  test('neuer Benutzer: Personalnummer vergeben, korrigiert, gespeichert, meldet sich an', async ({ page }) => {
    const email = `tina.testmann.${Date.now()}@example.com`;
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzer');
    await page.getByRole('link', { name: 'Neuer Benutzer' }).click();
    await expect(page).toHaveURL(/\/einstellungen\/benutzer\/neu$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Neuer Benutzer' })).toBeVisible();

    const save = page.getByRole('button', { name: 'Speichern' });
    // Nothing filled in: the first rule of the server, in the page.
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.fillAllFields })).toBeVisible();

    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Testmann');
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Tina');
    await page.getByRole('textbox', { name: 'Benutzername (E-Mail)', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('0221 123456');
    await page.getByRole('textbox', { name: 'Personalnummer', exact: true }).fill('1001');
    await choose(page, 'Benutzergruppe', 'Verkauf');
    await choose(page, 'Standort', 'Filiale Köln');
    await page.getByLabel('Montag frei').check();
    await page.getByRole('textbox', { name: 'Anwesenheit Dienstag', exact: true }).fill('9–18 Uhr');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('geheim-1');
    await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('geheim-2');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.passwordsDiffer })).toBeVisible();

    await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('geheim-1');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.personalNumberTaken })).toBeVisible();
    // The input stays after the refusal.
    await expect(page.getByRole('textbox', { name: 'Nachname', exact: true })).toHaveValue('Testmann');
    await expect(page.getByRole('textbox', { name: 'Personalnummer', exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: 'Personalnummer', exact: true }).fill(freshPersonalNumber());
    await save.click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/einstellungen\/benutzer$/);

    await page.getByRole('textbox', { name: 'Suche' }).fill('testmann');
    const table = page.getByRole('table', { name: 'Benutzer' });
    await expect(table.getByRole('cell', { name: email })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    // The saved record holds what was entered (free day Monday, presence Tuesday).
    await table.getByRole('link', { name: 'Testmann', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer bearbeiten' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Benutzername (E-Mail)', exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Montag frei')).toBeChecked();
    await expect(page.getByLabel('Sonntag frei')).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Anwesenheit Dienstag', exact: true })).toHaveValue('9–18 Uhr');
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    // Back to the list as it was left: the search is still there.
    await expect(page).toHaveURL(/\/einstellungen\/benutzer\?suche=testmann$/);
    await expect(page.getByRole('textbox', { name: 'Suche' })).toHaveValue('testmann');

    await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
    await login(page, email, 'geheim-1');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Guten (Morgen|Tag|Abend), Tina$/ })).toBeVisible();
  });

  test('Löschen fragt nach; Abbrechen behält den Benutzer, Bestätigen entfernt ihn', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzer');

    // A user to delete, created through the API.
    const token = await storedToken(page);
    const auth = { authorization: `Bearer ${token}` };
    const { locations } = (await (await page.request.get('/api/location/list/9999', { headers: auth })).json()) as {
      locations: { id: string; label: string }[];
    };
    const email = `lena.loeschmich.${Date.now()}@example.com`;
    const created = await page.request.post('/api/user', {
      headers: auth,
      data: {
        user: {
          firstName: 'Lena',
          lastName: 'Löschmich',
          email,
          location: locations.find((l) => l.label === 'Filiale Köln')!.id,
          personalNumber: freshPersonalNumber(),
        },
        role: 'Aushilfe',
        password: 'geheim-1',
        passwordRepeat: 'geheim-1',
      },
    });
    expect(created.status()).toBe(200);

    const search = page.getByRole('textbox', { name: 'Suche' });
    const table = page.getByRole('table', { name: 'Benutzer' });
    await search.fill(email);
    await expect(table.getByRole('cell', { name: email })).toBeVisible();

    // Active toggle: off and on again.
    const active = table.getByRole('switch', { name: 'Löschmich, Lena aktiv' });
    await expect(active).toBeChecked();
    // The switch's input is visually hidden; a person clicks its track.
    await active.locator('..').click();
    await expect(active).not.toBeChecked();
    await active.locator('..').click();
    await expect(active).toBeChecked();

    await table.getByRole('button', { name: 'Löschmich, Lena löschen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText("Benutzer 'Lena Löschmich' löschen?", { exact: true })).toBeVisible();
    await expect(dialog.getByText('Löschen', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(table.getByRole('cell', { name: email })).toBeVisible();

    await page.reload();
    await expect(table.getByRole('cell', { name: email })).toBeVisible();

    await table.getByRole('button', { name: 'Löschmich, Lena löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(table.getByRole('cell', { name: email })).toHaveCount(0);
    await expect(table.getByText('Keine Benutzer zu dieser Suche gefunden')).toBeVisible();
  });

  test('eigene Zeile: kein Umschalter und kein Löschen', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzer?suche=admin%40example.com');
    const table = page.getByRole('table', { name: 'Benutzer' });
    await expect(table.getByRole('cell', { name: 'admin@example.com' })).toBeVisible();
    await expect(table.getByRole('switch')).toHaveCount(0);
    await expect(table.getByRole('button', { name: /löschen$/ })).toHaveCount(0);
    await expect(table.getByRole('link', { name: /bearbeiten$/ })).toHaveCount(1);
  });
});

test.describe('Benutzer bearbeiten mit eingeschränkten Rechten', () => {
  test('Filialleitung ändert nur freie Tage und Anwesenheit', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/einstellungen/benutzer?suche=verkauf%40example.com');
    const table = page.getByRole('table', { name: 'Benutzer' });
    await table.getByRole('link', { name: /bearbeiten$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer bearbeiten' })).toBeVisible();
    await expect(page.getByText('Gesperrte Felder dürfen Sie mit Ihren Rechten nicht ändern.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nachname', exact: true })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Personalnummer', exact: true })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Benutzergruppe', exact: true })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toBeDisabled();

    const saturday = page.getByLabel('Samstag frei');
    await expect(saturday).toBeEnabled();
    const wasFree = await saturday.isChecked();
    await saturday.setChecked(!wasFree);
    await page.getByRole('textbox', { name: 'Anwesenheit Freitag', exact: true }).fill('10–19 Uhr');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();

    await table.getByRole('link', { name: /bearbeiten$/ }).click();
    await expect(page.getByLabel('Samstag frei')).toBeChecked({ checked: !wasFree });
    await expect(page.getByRole('textbox', { name: 'Anwesenheit Freitag', exact: true })).toHaveValue('10–19 Uhr');
  });
});

test.describe('Keine Rechteausweitung', () => {
  test('Personalleitung legt eine Verkäuferin an; Admin und Verwaltung stehen nicht zur Wahl', async ({ page }) => {
    const email = `vera.verkauf.${Date.now()}@example.com`;
    await login(page, 'personalleitung@example.com', undefined, '/einstellungen/benutzer');
    await page.getByRole('link', { name: 'Neuer Benutzer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neuer Benutzer' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Benutzergruppe', exact: true }).click();
    const options = page.getByRole('listbox', { name: 'Benutzergruppe' }).getByRole('option');
    for (const group of ['Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger', 'Lagerist', 'Filialleitung']) {
      await expect(options.filter({ hasText: new RegExp(`^${group}$`) })).toHaveCount(1);
    }
    for (const group of ['Admin', 'Verwaltung', 'Buchhaltung', 'Vertriebsleitung']) {
      await expect(options.filter({ hasText: new RegExp(`^${group}$`) })).toHaveCount(0);
    }
    await page.getByRole('option', { name: 'Verkauf', exact: true }).click();

    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Verkauf');
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Vera');
    await page.getByRole('textbox', { name: 'Benutzername (E-Mail)', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Personalnummer', exact: true }).fill(freshPersonalNumber());
    await choose(page, 'Standort', 'Filiale Köln');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('start-123');
    await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('start-123');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/einstellungen\/benutzer$/);

    // An Admin's password, username, group and status stay closed to Personalleitung.
    await page.goto('/einstellungen/benutzer?suche=admin%40example.com');
    const table = page.getByRole('table', { name: 'Benutzer' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: /bearbeiten$/ }).click();
    await expect(page.getByText(MSG.adminProtected, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Benutzername (E-Mail)', exact: true })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Benutzergruppe', exact: true })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toBeEnabled();

    await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
    await login(page, email, 'start-123');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Admin sieht und ändert, welche Gruppen die Personalleitung vergeben darf', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzergruppen');
    await page.getByRole('table', { name: 'Benutzergruppen' }).getByRole('link', { name: 'Personalleitung', exact: true }).click();
    const field = page.getByRole('combobox', { name: 'Darf Benutzern diese Gruppen zuweisen' });
    // The chosen groups show as pills inside the field.
    const box = page.locator('.mantine-MultiSelect-root', { has: field });
    const listed = box.locator('.mantine-Pill-label');
    await expect(box.getByText(/Nie zuweisbar: Admin und Gruppen mit Rechten in den Einstellungen/)).toBeVisible();
    await expect(listed).toContainText(['Personalleitung', 'Vertrieb', 'Lagerist', 'Filialleitung', 'Verkauf', 'Azubi', 'Aushilfe']);
    await expect(listed.filter({ hasText: /^(Admin|Verwaltung|Buchhaltung)$/ })).toHaveCount(0);

    // Admin and groups with more settings rights cannot be picked.
    await field.click();
    await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeDisabled();
    await expect(page.getByRole('option', { name: 'Verwaltung', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Aushilfe off the list; saved, it stays off when the editor opens again.
    await box.locator('.mantine-Pill-root', { has: page.getByText('Aushilfe', { exact: true }) }).locator('.mantine-Pill-remove').click();
    await expect(listed.filter({ hasText: /^Aushilfe$/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    // The notice closes by itself; the second save below must bring its own.
    await expect(page.getByText(MSG.saved, { exact: true })).toBeHidden();

    await page.getByRole('table', { name: 'Benutzergruppen' }).getByRole('link', { name: 'Personalleitung', exact: true }).click();
    await expect(listed.filter({ hasText: /^Verkauf$/ })).toHaveCount(1);
    await expect(listed.filter({ hasText: /^Aushilfe$/ })).toHaveCount(0);
    // And back on the list.
    await field.click();
    await page.getByRole('option', { name: 'Aushilfe', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
  });
});
