import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { permissionByName } from '@filialportal/core/permissions';
import { conflictMessage } from '@filialportal/core/teams';
import { login, mainNavigation, storedToken, test } from './helpers.ts';

/** The checkbox of a permission in the editor (its German label is the accessible name). */
function permission(page: Page, name: string) {
  return page.getByRole('checkbox', { name: permissionByName.get(name)!.label, exact: true });
}

/** Opens a category of the permission editor. */
async function openCategory(page: Page, label: string) {
  const control = page.getByRole('button', { name: new RegExp(`^${label}\\s`) });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Benutzergruppen', () => {
  test('Gruppe anlegen: Abhängigkeiten, Konflikt, Speichern; ein Mitglied sieht nur die Standorte', async ({ page }) => {
    const group = 'Standortpflege';
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzergruppen');
    await page.getByRole('link', { name: 'Neue Benutzergruppe' }).click();
    await expect(page).toHaveURL(/\/einstellungen\/benutzergruppen\/neu$/);

    const save = page.getByRole('button', { name: 'Speichern' });
    await page.getByRole('textbox', { name: 'Benutzergruppenname', exact: true }).fill('St');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.groupNameRequired })).toBeVisible();
    await page.getByRole('textbox', { name: 'Benutzergruppenname', exact: true }).fill(group);
    await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill(group);
    await page.getByRole('textbox', { name: 'Rechte', exact: true }).fill('Standorte pflegen\nIP-Adressen eintragen');

    await openCategory(page, 'Einstellungen');
    // Ticking adds what the permission needs.
    await permission(page, 'einstellungen_standorte_bearbeiten').check();
    await expect(permission(page, 'einstellungen_sehen')).toBeChecked();
    await expect(permission(page, 'einstellungen_standorte_sehen')).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Automatisch mit ausgewählt' })).toBeVisible();

    // Two permissions that exclude each other: the second is refused.
    await permission(page, 'einstellungen_benutzer_bearbeiten_nur_freie_tage').check();
    const second = permission(page, 'einstellungen_benutzer_bearbeiten_alle_felder');
    await second.click();
    const clash = conflictMessage('einstellungen_benutzer_bearbeiten_alle_felder', 'einstellungen_benutzer_bearbeiten_nur_freie_tage');
    await expect(page.getByRole('alert').filter({ hasText: clash })).toBeVisible();
    await expect(second).not.toBeChecked();
    await expect(permission(page, 'einstellungen_benutzer_bearbeiten_nur_freie_tage')).toBeChecked();

    // Unticking a permission others build on unticks them too: no user rights remain.
    await permission(page, 'einstellungen_benutzer_aus_eigener_filiale_sehen').uncheck();
    await expect(permission(page, 'einstellungen_benutzer_bearbeiten_nur_freie_tage')).not.toBeChecked();
    await expect(permission(page, 'einstellungen_benutzer_bearbeiten')).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Ebenfalls abgewählt' })).toBeVisible();
    await expect(permission(page, 'einstellungen_sehen')).toBeChecked();

    await openCategory(page, 'Dashboard');
    await permission(page, 'dashboard_menu_sehen').check();
    await expect(page.getByText(/^4 von \d+ ausgewählt$/)).toBeVisible();

    await save.click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/einstellungen\/benutzergruppen$/);
    const table = page.getByRole('table', { name: 'Benutzergruppen' });
    const row = table.getByRole('row').filter({ hasText: group });
    await expect(row).toContainText('4 Berechtigungen');
    await expect(row).toContainText('IP-Adressen eintragen');

    // The editor shows the saved selection again.
    await row.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.getByRole('textbox', { name: 'Benutzergruppenname', exact: true })).toHaveValue(group);
    await openCategory(page, 'Einstellungen');
    await expect(permission(page, 'einstellungen_standorte_bearbeiten')).toBeChecked();
    await expect(permission(page, 'einstellungen_benutzer_bearbeiten_nur_freie_tage')).not.toBeChecked();
    await page.getByRole('link', { name: 'Abbrechen' }).click();

    // A member of the new group.
    const email = `sven.standort.${Date.now()}@example.com`;
    await page.goto('/einstellungen/benutzer/neu');
    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Standort');
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Sven');
    await page.getByRole('textbox', { name: 'Benutzername (E-Mail)', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Personalnummer', exact: true }).fill(String(800_000 + Math.floor(Math.random() * 99_999)));
    await choose(page, 'Benutzergruppe', group);
    await choose(page, 'Standort', 'Filiale Köln');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('geheim-1');
    await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('geheim-1');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();

    await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
    await login(page, email, 'geheim-1');
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page).toHaveURL(/\/einstellungen\/standorte$/);
    await expect(page.getByRole('tab', { name: 'Standorte' })).toBeVisible();
    // Only the location sections: the locations and their school vacations.
    await expect(page.getByRole('tab')).toHaveText(['Standorte', 'Schulferien']);
    await expect(page.getByRole('tab', { name: 'Benutzer' })).toHaveCount(0);
  });

  test('die Gruppe Admin ist nur lesbar', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzergruppen');
    const table = page.getByRole('table', { name: 'Benutzergruppen' });
    await table.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page.getByText(MSG.adminGroupFixed, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Benutzergruppenname', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
    await openCategory(page, 'Einstellungen');
    await expect(permission(page, 'einstellungen_benutzer_bearbeiten_alle_felder')).toBeChecked();
    await expect(permission(page, 'einstellungen_benutzer_bearbeiten_alle_felder')).toBeDisabled();
  });

  test('Vorlage übernehmen ersetzt die Auswahl', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/benutzergruppen/neu');
    await openCategory(page, 'Dashboard');
    await permission(page, 'dashboard_menu_sehen').check();
    await choose(page, 'Vorlage', 'Verkauf');
    await page.getByRole('button', { name: 'Vorlage übernehmen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Berechtigungen von „Verkauf“ übernommen' })).toBeVisible();
    const token = await storedToken(page);
    const answer = await page.request.get('/api/team', { headers: { authorization: `Bearer ${token}` } });
    const { teams } = (await answer.json()) as { teams: { name: string; permissions: string[] }[] };
    const verkauf = teams.find((t) => t.name === 'Verkauf')!;
    await expect(page.getByText(new RegExp(`^${verkauf.permissions.length} von \\d+ ausgewählt$`))).toBeVisible();
    await openCategory(page, 'Dashboard');
    await expect(permission(page, 'dashboard_menu_sehen')).toBeChecked({ checked: verkauf.permissions.includes('dashboard_menu_sehen') });
  });
});
