import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { DEMO_PASSWORD, login, mainNavigation, test } from './helpers.ts';

const TITLE = 'Fliesen-Designboden kombinieren';

test.describe.configure({ mode: 'serial' });

/** A Tuesday three weeks from now, as the picker names its days ('16. Dezember 2026'). */
function tuesdayInThreeWeeks() {
  const d = new Date();
  d.setDate(d.getDate() + 21);
  while (d.getDay() !== 2) d.setDate(d.getDate() + 1);
  const months = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
  return { label: `${d.getDate()}. ${months[d.getMonth()]} ${d.getFullYear()}`, monthsAhead: (d.getFullYear() - new Date().getFullYear()) * 12 + d.getMonth() - new Date().getMonth() };
}

const card = (page: Page) => page.getByRole('article', { name: TITLE });
const WAITING_TITLE = 'Sockelleisten auf Gehrung';

/** A session token for API calls beside the browser. */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/token', { data: { username: email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

async function api<T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const answer = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${method} ${url}: ${answer.status()}`).toBe(true);
  return (await answer.json()) as T;
}

async function registerAs(page: Page, email: string, button: 'Interessiert' | 'Warteliste') {
  await login(page, email, undefined, '/veranstaltungen');
  await card(page).getByRole('button', { name: button }).click();
  await expect(card(page).getByText(button === 'Interessiert' ? 'Angefragt' : 'Warteliste', { exact: true }).first()).toBeVisible();
}

test.describe('Veranstaltungen', () => {
  test('Personalleitung legt eine Schulung mit zwei Plätzen an', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/veranstaltungen');
    await expect(page.getByRole('heading', { level: 1, name: 'Veranstaltungen' })).toBeVisible();
    await page.getByRole('button', { name: 'Neue Veranstaltung', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.trainingTitleRequired);

    await dialog.getByLabel('Titel').fill(TITLE);
    await dialog.getByLabel('Nachricht').fill('Übergänge zwischen Fliese und Designboden sauber ausbilden.');
    await dialog.getByLabel('Adresse').fill('Aachener Straße 200');
    await dialog.getByLabel('PLZ').fill('50931');
    await dialog.getByLabel('Ort').fill('Köln');
    await dialog.getByLabel('Ansprechpartner').fill('Richter');
    await page.getByRole('option', { name: /^Richter, Hannes/ }).click();
    const day = tuesdayInThreeWeeks();
    await dialog.getByRole('button', { name: 'Termine' }).click();
    for (let i = 0; i < day.monthsAhead; i++) await page.getByRole('button', { name: 'Nächster Monat' }).click();
    await page.getByRole('button', { name: day.label, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Uhrzeit').fill('09:30');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.trainingContingentRequired);
    await dialog.getByLabel('Plätze').fill('2');
    await dialog.getByLabel('Frage 1', { exact: true }).fill('Wie hilfreich war die Schulung?');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page)).toBeVisible();
    await expect(card(page).getByText('von')).toContainText('2 von 2 Plätzen frei');
  });

  test('eine Neuigkeit verweist auf die Schulung', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/neuigkeiten');
    await page.getByRole('button', { name: 'Neue Neuigkeit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Neuigkeit' });
    await dialog.getByLabel('Titel').fill(`Jetzt anmelden: ${TITLE}`);
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('Noch zwei Plätze frei.');
    await dialog.getByRole('combobox', { name: 'Veranstaltung verknüpfen (optional)' }).click();
    await page.getByRole('option', { name: new RegExp(`^${TITLE}`) }).click();
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('article', { name: `Jetzt anmelden: ${TITLE}` }).getByRole('link', { name: 'Zur Veranstaltung' }).click();
    await expect(page.getByText('Verknüpfte Veranstaltung')).toBeVisible();
    await expect(card(page).first()).toBeVisible();
  });

  test('Verkauf meldet sich an', async ({ page }) => {
    await registerAs(page, 'verkauf@example.com', 'Interessiert');
    await expect(card(page).getByText('von')).toContainText('1 von 2 Plätzen frei');
    // The dashboard lists it under the own trainings, with its state.
    await mainNavigation(page).getByRole('link', { name: 'Dashboard' }).click();
    const own = page.getByRole('region', { name: 'Meine Veranstaltungen' });
    // The link is named by its whole text: date, title and state.
    await expect(own.getByRole('link', { name: TITLE })).toContainText('Angefragt');
  });

  test('Azubi nimmt den letzten Platz', async ({ page }) => {
    await registerAs(page, 'azubi@example.com', 'Interessiert');
    await expect(card(page).getByText('von')).toContainText('0 von 2 Plätzen frei');
  });

  test('Aushilfe kommt auf die Warteliste', async ({ page }) => {
    await login(page, 'aushilfe@example.com');
    // New trainings are counted in the navigation until the page has been open for 5 seconds.
    await expect(mainNavigation(page).getByLabel(/neue Veranstaltung/)).toBeVisible();
    await page.goto('/veranstaltungen');
    await card(page).getByRole('button', { name: 'Warteliste' }).click();
    await expect(card(page).getByText('Warteliste', { exact: true }).first()).toBeVisible();
    await expect(mainNavigation(page).getByLabel(/neue Veranstaltung/)).toHaveCount(0, { timeout: 15_000 });
    await expect(card(page).getByRole('button', { name: 'Von Warteliste entfernen' })).toBeVisible();
  });

  test('Filialleitung lehnt eine Anmeldung ab, die Aushilfe rückt nach', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/veranstaltungen');
    await card(page).getByRole('button', { name: /Teilnehmerliste anzeigen/ }).click();
    const list = card(page).getByRole('table', { name: 'Teilnehmerliste' });
    // Filialleitung sees the two with a place; the waiting list is for its managers.
    const rows = list.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const declined = await rows.nth(1).locator('td').first().innerText();
    // Under load the list may still be re-rendering when the first click lands: click again until
    // the confirmation is there (never while it is open).
    const confirm = page.getByText(MSG.trainingDeclineConfirm);
    await expect(async () => {
      if (!(await confirm.isVisible())) await rows.nth(1).getByRole('button', { name: /ablehnen$/ }).click({ timeout: 2000 });
      await expect(confirm).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Ablehnen', exact: true }).click();
    // The place went to the waiting Aushilfe at once: two with a place again, the declined one gone.
    await expect(list.getByText(declined, { exact: true })).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByText('Angefragt')).toBeVisible();
    await expect(card(page).getByText('von')).toContainText('0 von 2 Plätzen frei');
    await expect(card(page).getByText('auf der Warteliste')).toHaveCount(0);
  });

  test('Azubi zieht die eigene Anfrage zurück; die Ansprechpartnerin sieht die Warteliste in der Teilnehmerliste', async ({ page, request }) => {
    // A training with one place whose contact person is Filialleitung (no waiting-list right of
    // her own): Azubi takes the place, Aushilfe waits.
    const pl = await tokenOf(request, 'personalleitung@example.com');
    const contact = await api<{ user: { id: string } }>(request, await tokenOf(request, 'filialleitung@example.com'), 'GET', '/api/user');
    const day = new Date();
    day.setDate(day.getDate() + 15);
    while (day.getDay() !== 3) day.setDate(day.getDate() + 1);
    const dates = `${String(day.getDate()).padStart(2, '0')}.${String(day.getMonth() + 1).padStart(2, '0')}.${day.getFullYear()}`;
    const created = await api<{ trainings: { id: string }[] }>(request, pl, 'POST', '/api/training', {
      title: WAITING_TITLE,
      category: 'Schulungen',
      description: 'Sockelleisten sauber auf Gehrung schneiden.',
      address: 'Aachener Straße 200',
      zip: '50931',
      city: 'Köln',
      contactPerson: contact.user.id,
      lecturer: 'Herr Brandt',
      dates,
      time: '14:00',
      contingent: 1,
      ratings: [{ label: 'Wie hilfreich war es?', type: 'Sternbewertung' }],
    });
    const id = created.trainings[0]!.id;
    await api(request, await tokenOf(request, 'azubi@example.com'), 'POST', '/api/training/registerdirect?force=1', { id });
    await api(request, await tokenOf(request, 'aushilfe@example.com'), 'POST', '/api/training/registerdirect?force=1', { id });
    const waitingCard = (p: Page) => p.getByRole('article', { name: WAITING_TITLE });

    await login(page, 'filialleitung@example.com', undefined, '/veranstaltungen');
    await waitingCard(page).getByRole('button', { name: /Teilnehmerliste anzeigen/ }).click();
    await expect(waitingCard(page).getByRole('table', { name: 'Teilnehmerliste' }).locator('tbody tr')).toHaveCount(1);
    const waitingList = waitingCard(page).getByRole('table', { name: 'Warteliste' });
    await expect(waitingList.locator('tbody tr')).toHaveCount(1);
    await expect(waitingList.locator('tbody tr td').first()).toHaveText('1.');
    await expect(waitingCard(page).getByRole('heading', { name: 'Warteliste (1 Person, in der Reihenfolge der Anmeldung)' })).toBeVisible();
    const waitingName = await waitingList.locator('tbody tr td').nth(1).innerText();

    // Azubi withdraws the request that is not approved yet.
    await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
    await login(page, 'azubi@example.com', undefined, '/veranstaltungen');
    await expect(waitingCard(page).getByText('Angefragt', { exact: true })).toBeVisible();
    await expect(waitingCard(page).getByText('von')).toContainText('0 von 1 Platz frei');
    await waitingCard(page).getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Anfrage zurückziehen' });
    await expect(confirm.getByText('Möchten Sie Ihre Anfrage wirklich zurückziehen?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Zurückziehen' }).click();
    await expect(waitingCard(page).getByText('Angefragt', { exact: true })).toHaveCount(0);
    // The place went to the waiting Aushilfe at once: none left for Azubi but the waiting list.
    await expect(waitingCard(page).getByRole('button', { name: 'Warteliste', exact: true })).toBeVisible();
    await expect(waitingCard(page).getByText('von')).toContainText('0 von 1 Platz frei');

    await mainNavigation(page).getByRole('button', { name: 'Abmelden' }).click();
    await login(page, 'filialleitung@example.com', undefined, '/veranstaltungen');
    await waitingCard(page).getByRole('button', { name: /Teilnehmerliste anzeigen/ }).click();
    const participants = waitingCard(page).getByRole('table', { name: 'Teilnehmerliste' });
    await expect(participants.locator('tbody tr')).toHaveCount(1);
    await expect(participants.locator('tbody tr').first()).toContainText(waitingName);
    await expect(participants.locator('tbody tr').first()).toContainText('Angefragt');
    await expect(waitingCard(page).getByRole('table', { name: 'Warteliste' })).toHaveCount(0);
  });

  test('Übersicht: Veranstaltungen mit ihren bestätigten Teilnehmern, nach Namen gesucht', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/veranstaltungen/uebersicht');
    await expect(page.getByRole('heading', { level: 1, name: 'Veranstaltungen Übersicht' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Standort' }).click();
    await page.getByRole('option', { name: 'Alle', exact: true }).click();
    const table = page.getByRole('table', { name: 'Veranstaltungen Übersicht' });
    const row = table.getByRole('row', { name: /Klick-Vinyl richtig verlegen/ });
    await expect(row).toBeVisible();
    const participant = (await row.locator('td').nth(3).innerText()).trim();
    expect(participant).toMatch(/, /);
    await page.getByRole('textbox', { name: 'Mitarbeiter' }).fill(participant.split(',')[0]!);
    await expect(row.locator('td').nth(3)).toHaveText(participant);
    await expect(page.getByRole('button', { name: 'Übersicht Export XLSX' })).toBeVisible();
  });

  test('die Aufgabe „Veranstaltung bewerten“ führt zur Bewertung und ist danach erledigt', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/aufgaben/eigene');
    const open = page.getByRole('region', { name: 'Offene Aufgaben' });
    const task = open.getByRole('article', { name: /^Veranstaltung bewerten: Aufmaß mit dem Laser/ });
    await expect(task).toBeVisible();
    // Completed by rating, not by hand.
    await expect(task.getByRole('checkbox')).toBeDisabled();
    await task.getByRole('link', { name: /öffnen$/ }).click();
    await expect(page).toHaveURL(/\/veranstaltungen\?id=/);
    const dialog = page.getByRole('dialog', { name: 'Bewertung abgeben' });
    await expect(dialog).toBeVisible();
    await dialog.locator('.mantine-Rating-root label').nth(4).click();
    await dialog.getByLabel('Was nehmen Sie für die Arbeit mit?').fill('Das Aufmaß geht jetzt direkt ins Angebot.');
    await dialog.getByRole('button', { name: 'Absenden' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/bewerten=1/);
    await page.goto('/aufgaben/eigene');
    await page.getByRole('switch', { name: 'Erledigte Aufgaben anzeigen' }).click();
    await expect(page.getByRole('region', { name: 'Erledigte Aufgaben' }).getByRole('article', { name: /^Veranstaltung bewerten: Aufmaß mit dem Laser/ })).toBeVisible();
    await expect(open.getByRole('article', { name: /^Veranstaltung bewerten: Aufmaß mit dem Laser/ })).toHaveCount(0);
  });

  test('nach der Veranstaltung bewertet Verkauf einmal', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/veranstaltungen');
    await page.getByRole('switch', { name: 'Vergangene Veranstaltungen anzeigen' }).click();
    await expect(page.getByRole('switch', { name: 'Vergangene Veranstaltungen verbergen' })).toBeChecked();
    const past = page.getByRole('article', { name: 'Designboden Grundlagen' });
    await past.getByRole('button', { name: 'Bewertung abgeben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bewertung abgeben' });
    await dialog.getByRole('button', { name: 'Absenden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.valuationAnswersRequired);
    await dialog.locator('.mantine-Rating-root label').nth(3).click();
    await dialog.getByLabel('Was nehmen Sie für die Arbeit mit?').fill('Die Nutzungsklassen erkläre ich jetzt sicherer.');
    await dialog.getByRole('button', { name: 'Absenden' }).click();
    await expect(dialog).toBeHidden();
    await expect(past.getByRole('button', { name: 'Bewertung abgeben' })).toHaveCount(0);
    await expect(past.getByText(/2 Bewertungen/)).toBeVisible();
  });
});
