import { expect } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { apiSettled, lastPasswordLink, login, mainNavigation, storedSession, storedToken, test } from './helpers.ts';

/** The notice stands a few seconds, then the login page loads its own chunk: slow on a busy machine. */
const LOGIN_PAGE_MS = 15_000;

test.describe('Anmeldung und Sitzung', () => {
  test('falsches, dann richtiges Passwort', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Filialportal' })).toBeVisible();
    await page.getByLabel('Benutzername').fill('filialleitung@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill('falsch-123');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.wrongLogin })).toBeVisible();
    // The message goes away by itself after about two seconds.
    await expect(page.getByText(MSG.wrongLogin, { exact: true })).toBeHidden({ timeout: 5000 });

    await page.getByLabel('Passwort', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Guten (Morgen|Tag|Abend), \S+/ })).toBeVisible();
  });

  test('Ein leeres Formular markiert die leeren Felder, statt ein falsches Passwort zu melden', async ({ page }) => {
    await page.goto('/');
    const username = page.getByLabel('Benutzername');
    const password = page.getByLabel('Passwort', { exact: true });
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const problems = page.getByRole('alert');
    await expect(problems).toContainText(MSG.usernameRequired);
    await expect(problems).toContainText(MSG.passwordRequired);
    await expect(problems).not.toContainText(MSG.wrongLogin);
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');

    // Filled in, the field is fine at once; only the empty one stays marked.
    await username.fill('filialleitung@example.com');
    await expect(problems).toHaveText(MSG.passwordRequired);
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(problems).toHaveText(MSG.passwordRequired);
    await password.fill('demo1234');
    await expect(problems).toHaveCount(0);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Navigation hängt von den Rechten ab', async ({ page }) => {
    await login(page, 'admin@example.com');
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    await nav.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();

    await login(page, 'verkauf@example.com');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Einstellungen' })).toHaveCount(0);

    await page.goto('/einstellungen/benutzer');
    await expect(page.getByText(MSG.notAllowed, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Benutzer' })).toHaveCount(0);
  });

  test('Deep Link, Neuladen und Zurück', async ({ page }) => {
    await login(page, 'admin@example.com', undefined, '/einstellungen/standorte');
    await expect(page).toHaveURL(/\/einstellungen\/standorte$/);
    const locations = page.getByRole('table', { name: 'Standorte' });
    await expect(locations.getByText('Filiale Köln', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/einstellungen\/standorte$/);
    await expect(page.getByRole('tab', { name: 'Standorte' })).toHaveAttribute('aria-selected', 'true');
    await expect(locations.getByText('Filiale Köln', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Benutzergruppen' }).click();
    await expect(page).toHaveURL(/\/einstellungen\/benutzergruppen$/);
    await expect(page.getByRole('table', { name: 'Benutzergruppen' }).getByRole('cell', { name: 'Personalleitung' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/einstellungen\/standorte$/);
    await expect(locations.getByText('Filiale Köln', { exact: true })).toBeVisible();

    await page.goto('/gibt-es-nicht');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Zum Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Sitzungsverlust: Hinweis, dann Anmeldung; danach geht es an derselben Stelle weiter', async ({ page }) => {
    await login(page, 'admin@example.com');
    // The dashboard's own calls are answered before the token is revoked.
    await apiSettled(page);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const revoked = await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(204);

    // The next call of the page (the user list) is refused. The alert stands for 5 s; it is watched
    // from inside the page, since the accessibility check before an assertion can take that long
    // on a busy machine.
    const alertShown = page.waitForFunction(
      (text) => {
        // e2e has no DOM types: the page's document, loosely typed.
        type Shown = { textContent: string | null; checkVisibility(): boolean };
        const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<Shown> } }).document;
        return Array.from(doc.querySelectorAll('[role="dialog"]')).some((d) => d.checkVisibility() && (d.textContent ?? '').includes(text));
      },
      MSG.sessionExpired,
      { timeout: 15_000 },
    );
    await mainNavigation(page).getByRole('link', { name: 'Einstellungen' }).click();
    await alertShown;
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible({ timeout: LOGIN_PAGE_MS });
    expect(await storedToken(page)).toBeNull();
    await expect(page).toHaveURL(/\/einstellungen\/benutzer$/);

    await page.getByLabel('Benutzername').fill('admin@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Benutzer' })).toBeVisible();
  });

  test('Sitzungsverlust wird bei der Aktivitätsmeldung bemerkt', async ({ page }) => {
    await login(page, 'filialleitung@example.com');
    // The dashboard's own calls are answered before the token is revoked.
    await apiSettled(page);
    const token = await storedToken(page);
    await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });

    // Mouse activity makes the next 10-second check call the server, which refuses the token.
    const refresh = page.waitForResponse((r) => r.url().endsWith('/api/api-token-refresh'), { timeout: 15_000 });
    await page.mouse.move(200, 300);
    await page.mouse.move(260, 340);
    expect((await refresh).status()).toBe(401);
    await expect(page.getByRole('dialog').getByText(MSG.sessionExpired, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible({ timeout: LOGIN_PAGE_MS });
  });

  test('Abmelden entfernt das Token', async ({ page }) => {
    await login(page, 'verkauf@example.com');
    expect(await storedToken(page)).toBeTruthy();
    await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(mainNavigation(page)).toHaveCount(0);
  });

  test('Passwort vergessen und über den Link neu setzen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    await page.getByLabel('Benutzername').fill('buchhaltung@example.com');
    await page.getByRole('button', { name: 'Neues Passwort anfordern' }).click();
    await expect(page.getByText(MSG.passwordMailSent, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Zurück zur Anmeldung' }).click();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();

    await page.goto(await lastPasswordLink('buchhaltung@example.com'));
    await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await page.getByLabel('Passwort wiederholen', { exact: true }).fill('kurz');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText(MSG.passwordTooShort, { exact: true })).toBeVisible();

    await page.getByLabel('Neues Passwort', { exact: true }).fill('neues-passwort-1');
    await page.getByLabel('Passwort wiederholen', { exact: true }).fill('neues-passwort-1');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText(MSG.passwordResetDone, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();

    await page.getByLabel('Benutzername').fill('buchhaltung@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill('neues-passwort-1');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(mainNavigation(page)).toBeVisible();
  });
});
