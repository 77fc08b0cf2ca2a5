import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, test } from './helpers.ts';

const CUSTOMER = 'Familie Kowalski';

test.describe.configure({ mode: 'serial' });

const openCard = (page: Page) => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: /Offene Beanstandungen/ }) });
const closedCard = (page: Page) => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: /Erledigte Beanstandungen/ }) });

test.describe('Beanstandungen', () => {
  test('Verkauf nimmt eine Kundenreklamation auf, füllt die Checkliste aus und schließt sie ab', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/beanstandungen');
    await expect(page.getByRole('heading', { level: 1, name: 'Beanstandungen' })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: /Beanstandung/ })).toBeVisible();

    await page.getByRole('button', { name: 'Neue Beanstandung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Beanstandung anlegen' });
    await expect(dialog.getByRole('tab', { name: 'Checkliste' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Art' }).click();
    await page.getByRole('option', { name: 'Kundenware' }).click();
    // Without the customer's name the form says which field is missing, and keeps the input.
    await dialog.getByLabel('Rechnungsnummer Kunde').fill('RE-55120');
    await dialog.getByRole('button', { name: 'Beanstandung anlegen' }).click();
    await expect(dialog.getByText(MSG.requiredField).first()).toBeVisible();
    await expect(dialog.getByLabel('Rechnungsnummer Kunde')).toHaveValue('RE-55120');
    await dialog.getByRole('textbox', { name: /^Kunde/ }).fill(CUSTOMER);
    await dialog.getByRole('button', { name: 'Beanstandung anlegen' }).click();

    // Created: the form moves to the checklist of the new claim.
    const edit = page.getByRole('dialog', { name: /Beanstandung bearbeiten: \d{4}-\d{4}/ });
    await expect(edit.getByRole('tab', { name: 'Checkliste', selected: true })).toBeVisible();
    const number = ((await edit.getByRole('heading').first().textContent()) ?? '').match(/\d{4}-\d{4}/)![0];

    // A photo from an iPhone (HEIC) becomes a JPEG with a thumbnail.
    const chooser = page.waitForEvent('filechooser');
    await edit.getByRole('button', { name: 'Fotos und Videos hochladen' }).click();
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures/foto.heic'));
    await expect(edit.getByRole('button', { name: 'foto.jpg', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(edit.getByRole('img', { name: 'foto.jpg' })).toBeVisible();

    // The article number suggests demo articles; picking one fills the article fields.
    await edit.getByLabel('Artikelnummer').fill('LA-10');
    await edit.getByRole('listbox', { name: 'Artikelvorschläge' }).getByRole('option').first().click();
    await expect(edit.getByLabel('Hersteller')).not.toHaveValue('');
    await edit.getByLabel('Inhalt je Paket (m²)').fill('2,22');
    await edit.getByLabel('Anzahl Pakete').fill('3');
    await expect(edit.getByLabel('Quadratmeter')).toHaveValue('6,66');

    // Completing without a scenario is refused with the spec's message.
    await edit.getByLabel(/Checkliste abgeschlossen/).check();
    await edit.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(edit.getByRole('alert')).toHaveText(MSG.claimScenarioRequired);
    await edit.getByRole('combobox', { name: 'Scenario' }).click();
    await page.getByRole('option', { name: 'Scenario 2' }).click();
    await edit.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(page.getByText(MSG.saved).first()).toBeVisible();
    await expect(edit.getByLabel('Artikelnummer')).toHaveAttribute('readonly', '');
    await edit.getByRole('button', { name: 'Schließen' }).last().click();

    // For Verkauf a completed checklist is done.
    await expect(closedCard(page).getByRole('row', { name: new RegExp(number) })).toBeVisible();
    await expect(openCard(page).getByRole('row', { name: new RegExp(number) })).toHaveCount(0);
    test.info().annotations.push({ type: 'claim', description: number });
  });

  test('Zentrallagerleitung lädt das Lieferantenpaket und bucht die Pakete aus dem Bestand der Filiale aus', async ({ page }) => {
    await login(page, 'zentrallagerleitung@example.com', undefined, '/beanstandungen');
    await openCard(page).getByRole('row').filter({ hasText: CUSTOMER }).click();
    const edit = page.getByRole('dialog', { name: /Beanstandung bearbeiten/ });

    const [download] = await Promise.all([page.waitForEvent('download'), edit.getByRole('button', { name: 'Lieferantenpaket (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Beanstandung-\d{4}-\d{4}-Lieferant\.pdf$/);
    const pdf = await fs.readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await expect(edit.getByText('Noch keine Bestandskorrektur aus dieser Beanstandung gebucht.')).toBeVisible();
    await edit.getByLabel(/Pakete ausbuchen/).fill('1');
    await edit.getByRole('button', { name: 'Bestand korrigieren' }).click();
    await page.getByRole('dialog', { name: 'Bestand korrigieren?' }).getByRole('button', { name: 'Buchen' }).click();
    const booked = edit.getByRole('table', { name: 'Gebuchte Bestandskorrekturen' });
    await expect(booked.getByRole('row').nth(1)).toContainText('Filiale Köln');
    await expect(booked.getByRole('row').nth(1)).toContainText('−1');
    await expect(edit.getByLabel('Bestandskorrektur gebucht')).toBeChecked();
  });

  test('Buchhaltung sieht sie offen, bucht Bestandskorrektur und BA-Nummer, danach ist sie erledigt', async ({ page }) => {
    await login(page, 'buchhaltung@example.com', undefined, '/beanstandungen');
    const row = openCard(page).getByRole('row').filter({ hasText: CUSTOMER });
    await expect(row).toBeVisible();
    await row.click();
    const edit = page.getByRole('dialog', { name: /Beanstandung bearbeiten/ });
    await edit.getByLabel('Bestandskorrektur gebucht').check();
    await edit.getByLabel('BA-Nummer').fill('BA-2026-900');
    await edit.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(page.getByText(MSG.saved).first()).toBeVisible();
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(closedCard(page).getByRole('row').filter({ hasText: CUSTOMER })).toContainText('BA-2026-900');
    await expect(openCard(page).getByRole('row').filter({ hasText: CUSTOMER })).toHaveCount(0);
  });

  test('fällt etwas zwischen Browser und Server aus, nennt die Liste den Status auf Deutsch; eine unlesbare Antwort als solche', async ({ page }) => {
    // A proxy in front of the portal answers with its own error page …
    await page.route('**/api/claims/list/**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }));
    await login(page, 'verkauf@example.com', undefined, '/beanstandungen');
    await expect(openCard(page).getByText(requestFailedText('fehlerhaftes Gateway'))).toBeVisible({ timeout: 20_000 });
    // … or with a page of its own where data belongs.
    await page.unroute('**/api/claims/list/**');
    await page.route('**/api/claims/list/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Anmeldung am WLAN</title>' }));
    await page.reload();
    await expect(openCard(page).getByText(MSG.invalidData)).toBeVisible({ timeout: 20_000 });
  });
});

const requestFailedText = (statusText: string) => MSG.requestFailed.replace('{status text}', statusText);
