import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, mainNavigation, skipUnseenNews, test } from './helpers.ts';

/**
 * Signing in as a company would: with the company account through a real OpenID provider, with
 * a code of the authenticator app, and with a passkey of Chromium's virtual authenticator. The
 * journeys browse at `localhost`, the portal's public address (the return address of the
 * provider, and a host name passkeys accept).
 */
const at = async (page: Page, path = '/') => {
  await skipUnseenNews(page);
  await page.goto(new URL(path, test.info().project.use.baseURL!.replace('127.0.0.1', 'localhost')).href);
};

async function passwordLogin(page: Page, email: string) {
  await page.getByLabel('Benutzername').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

async function logout(page: Page) {
  await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
}

/** Milliseconds until the authenticator app shows its next code. */
const untilNextCode = () => 30_000 - (Date.now() % 30_000) + 300;

test.describe('Anmeldung mit Firmenkonto, Authenticator-App und Passkey', () => {
  test('Mit Firmenkonto anmelden: über die Anmeldeseite des Anbieters auf das Dashboard, mit der Rolle aus der Gruppe', async ({ page }) => {
    await at(page);
    await page.getByRole('link', { name: 'Mit Firmenkonto anmelden' }).click();
    // The provider's own login page (oidc-provider), on another origin.
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name="login"]').fill('anna.sso');
    await page.locator('input[name="password"]').fill('beliebig');
    await page.locator('button[type="submit"]').click();
    await expect(mainNavigation(page)).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
    const me = page.getByRole('link', { name: /^Anna Sommer.*Benutzereinstellungen$/ });
    await expect(me).toContainText('Verkauf · Filiale Hamburg');
  });

  test('Ein Firmenkonto ohne zugeordnete Gruppe bekommt eine deutsche Meldung und keine Sitzung', async ({ page }) => {
    await at(page);
    await page.getByRole('link', { name: 'Mit Firmenkonto anmelden' }).click();
    await page.locator('input[name="login"]').fill('otto.ohne');
    await page.locator('input[name="password"]').fill('beliebig');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('alert')).toContainText('keiner Benutzergruppe des Portals zugeordnet');
    await page.getByRole('button', { name: 'Zurück zur Anmeldung' }).click();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  });

  test('Authenticator-App einrichten und mit einem erzeugten Code anmelden', async ({ page }) => {
    test.setTimeout(120_000);
    await at(page, '/benutzereinstellungen');
    await passwordLogin(page, 'vertrieb@example.com');
    const section = page.getByRole('region', { name: 'Anmeldung und Sicherheit' });
    await section.getByRole('button', { name: 'Einrichten' }).click();
    await expect(section.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    await section.getByLabel('Code aus der App').fill(await generate({ secret }));
    await section.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(section.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
    await section.getByRole('button', { name: 'Ich habe die Codes aufbewahrt' }).click();
    await expect(section.getByText('Eingerichtet', { exact: true })).toBeVisible();
    await expect(section.getByText('Wiederherstellungscodes: noch 10 von 10')).toBeVisible();

    await logout(page);
    await passwordLogin(page, 'vertrieb@example.com');
    await expect(page.getByText('Bitte geben Sie den Code aus Ihrer Authenticator-App ein.')).toBeVisible();
    // The code used to set the app up is spent: the next one the app shows.
    await page.waitForTimeout(untilNextCode());
    await page.getByLabel('Code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(mainNavigation(page)).toBeVisible();
  });

  test('Passkey im virtuellen Authenticator registrieren und damit ohne Passwort anmelden', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await at(page, '/benutzereinstellungen');
    await passwordLogin(page, 'vertriebsleitung@example.com');
    const section = page.getByRole('region', { name: 'Anmeldung und Sicherheit' });
    await section.getByLabel('Name des Passkeys').fill('Testgerät');
    await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await expect(section.getByRole('cell', { name: 'Testgerät', exact: true })).toBeVisible();

    await logout(page);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await expect(mainNavigation(page)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Vera Schulz.*Benutzereinstellungen$/ })).toBeVisible();

    // With a passkey on the account, the password alone no longer signs in: the passkey is the second factor.
    await logout(page);
    await passwordLogin(page, 'vertriebsleitung@example.com');
    await page.getByRole('button', { name: 'Stattdessen Passkey verwenden' }).click();
    await expect(mainNavigation(page)).toBeVisible();
  });
});
