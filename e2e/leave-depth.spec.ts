import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, login, pickDate, test } from './helpers.ts';

/**
 * Leave as HR needs it: a half-day request naming a deputy who is away (warning), a request in a
 * blocked period (refused), the calendar's minimum-staffing mark, and a sick report with its
 * certificate that HR sees and the branch colleague never does. Dates three years ahead, clear of
 * the other journeys' weeks.
 */
const thisYear = Number(new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date()));
const AHEAD = thisYear + 3;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const german = (iso: string) => iso.split('-').reverse().join('.');
const weekday = (iso: string, day: number) => {
  let d = iso;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== day) d = addDays(d, 1);
  return d;
};
/** A Tuesday in March and one in May (no public holiday in NW). */
const HALF_DAY = weekday(`${AHEAD}-03-09`, 2);
const BLOCKED = weekday(`${AHEAD}-05-11`, 2);

async function api(request: APIRequestContext, email: string) {
  const answer = await request.post('/api/token', { data: { username: email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
  const me = ((await (await request.get('/api/user', { headers })).json()) as { user: { id: string; location: { id: string } } }).user;
  return { headers, me };
}

test.describe.configure({ mode: 'serial' });

test.describe('Urlaub und Krankheit in der Tiefe', () => {
  test('Halber Tag mit Vertretung, die selbst abwesend ist: der Antrag zeigt die Warnung', async ({ page, browser, request }) => {
    // The Azubi (Greta's colleague) is sick on that Tuesday, entered by HR.
    const hr = await api(request, 'personalleitung@example.com');
    const azubi = await api(request, 'azubi@example.com');
    const sick = await request.post('/api/sickreport', { headers: hr.headers, data: { sickReport: { userId: azubi.me.id, startDate: HALF_DAY, endDate: HALF_DAY } } });
    expect(sick.ok()).toBe(true);

    await login(page, 'verkauf@example.com', undefined, '/urlaub/antrag');
    await pickDate(page, page.getByLabel('Urlaub von'), HALF_DAY);
    await pickDate(page, page.getByLabel('Urlaub bis'), HALF_DAY);
    await page.getByText('Vormittag', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Vormittag' })).toBeChecked();
    await expect(page.getByText('Jeder Arbeitstag des Zeitraums zählt als halber Tag (0,5).')).toBeVisible();
    await page.getByRole('combobox', { name: 'Vertretung' }).click();
    const azubiName = ((await (await request.get('/api/user', { headers: azubi.headers })).json()) as { user: { firstName: string; lastName: string } }).user;
    await page.getByRole('option', { name: `${azubiName.lastName}, ${azubiName.firstName}` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Antrag stellen' }).click();
    const warning = `Vertretung ${azubiName.firstName} ${azubiName.lastName} ist im Zeitraum selbst abwesend (${german(HALF_DAY)}).`;
    // In the notice after sending, and in her own list of open requests.
    await expect(page.locator('.mantine-Notification-root', { hasText: 'Hinweis zum Antrag' }).getByText(warning)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Offene Anträge' }).getByText(warning)).toBeVisible();

    // The approver sees the half day, the deputy and the warning in the row.
    const approver = await browser.newPage();
    await login(approver, 'filialleitung@example.com', undefined, `/urlaub/1?jahr=${AHEAD}`);
    await approver.getByLabel('Suche Mitarbeiter').fill('Wolf');
    const row = approver.getByRole('row', { name: /Wolf, Greta/ }).filter({ hasText: german(HALF_DAY) });
    await expect(row.getByText('Halbe Tage, vormittags')).toBeVisible();
    await expect(row.getByText(`Vertretung: ${azubiName.firstName} ${azubiName.lastName}`)).toBeVisible();
    await expect(row.getByText(/ist im Zeitraum selbst abwesend/)).toBeVisible();
    await expect(row.getByRole('cell', { name: '0,5' })).toBeVisible();
    await approver.close();
  });

  test('Ein Antrag in einer Urlaubssperre wird mit Zeitraum und Grund abgewiesen', async ({ page, request }) => {
    const manager = await api(request, 'filialleitung@example.com');
    const block = await request.post('/api/blockedperiods', {
      headers: manager.headers,
      data: { blockedPeriod: { startDate: BLOCKED, endDate: addDays(BLOCKED, 2), locationId: manager.me.location.id, reason: 'Inventur Frühjahr' } },
    });
    expect(block.ok()).toBe(true);

    await login(page, 'verkauf@example.com', undefined, '/urlaub/antrag');
    await expect(page.getByRole('region', { name: 'Urlaubssperren' }).or(page.getByLabel('Urlaubssperren'))).toContainText('Inventur Frühjahr');
    await pickDate(page, page.getByLabel('Urlaub von'), addDays(BLOCKED, 1));
    await pickDate(page, page.getByLabel('Urlaub bis'), addDays(BLOCKED, 3));
    await page.getByRole('button', { name: 'Antrag stellen' }).click();
    await expect(page.getByRole('alert')).toContainText(`Urlaubssperre vom ${german(BLOCKED)} bis ${german(addDays(BLOCKED, 2))} (Filiale Köln): Inventur Frühjahr.`);
    // The form keeps what was typed.
    await expect(page.getByLabel('Urlaub von')).toHaveValue(german(addDays(BLOCKED, 1)));
  });

  test('Der Wochenkalender markiert Tage unter der Mindestbesetzung', async ({ page, request }) => {
    const admin = await api(request, 'admin@example.com');
    const manager = await api(request, 'filialleitung@example.com');
    const all = ((await (await request.get('/api/location/list/9999', { headers: admin.headers })).json()) as { locations: Record<string, unknown>[] }).locations;
    const koeln = all.find((l) => l.id === manager.me.location.id)!;
    const { id: _id, label: _label, ...fields } = koeln;
    const save = await request.put(`/api/location/${manager.me.location.id}`, { headers: admin.headers, data: { location: { ...fields, minStaff: [3, 99, 3, 3, 3, 2] } } });
    expect(save.ok()).toBe(true);

    await login(page, 'filialleitung@example.com', undefined, `/an-abwesenheit?datum=${weekday(`${AHEAD}-06-01`, 1)}`);
    const tuesday = page.getByRole('columnheader', { name: /^Di / });
    await expect(tuesday.getByText('Unterbesetzt')).toBeVisible();
    await expect(tuesday).toContainText('mindestens 99');
    await expect(page.getByRole('columnheader', { name: /^Mi / }).getByText('Unterbesetzt')).toHaveCount(0);
  });

  test('Eine Krankmeldung mit Bescheinigung: die Personalleitung sieht sie, die Kollegin nicht', async ({ page, browser, request }) => {
    await login(page, 'personalleitung@example.com', undefined, '/krankmeldungen/2');
    await page.getByRole('button', { name: 'Neue Krankmeldung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Krankmeldung' });
    await dialog.getByLabel('Mitarbeiter').fill('Wolf');
    await page.getByRole('option', { name: 'Wolf, Greta' }).click();
    const day = weekday(`${AHEAD}-09-14`, 1);
    await pickDate(page, dialog.getByRole('textbox', { name: 'Von', exact: true }), day);
    await pickDate(page, dialog.getByRole('textbox', { name: 'Bis', exact: true }), addDays(day, 2));
    await dialog.getByRole('combobox', { name: 'Bescheinigung' }).click();
    await page.getByRole('option', { name: 'Erstbescheinigung' }).click();
    await dialog.locator('input[type="file"]').setInputFiles(path.join(import.meta.dirname, 'fixtures/foto.heic'));
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(page.getByText('Krankmeldung erstellt')).toBeVisible();

    await page.goto(`/krankmeldungen/4?jahr=${AHEAD}`);
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    const row = page.getByRole('row', { name: /Wolf, Greta/ }).filter({ hasText: german(day) });
    await expect(row.getByText('Erstbescheinigung')).toBeVisible();
    const opened = page.waitForEvent('popup');
    await row.getByRole('button', { name: 'Bescheinigung ansehen' }).click();
    const tab = await opened;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // Greta's colleague has no sick reports at all: no menu entry, no list, no file.
    const hr = await api(request, 'personalleitung@example.com');
    const list = (await (await request.get(`/api/sickreport/0/all/4?year=${AHEAD}&searchTerm=Wolf`, { headers: hr.headers })).json()) as { sickReports: { id: string; startDate: string }[] };
    const id = list.sickReports.find((r) => r.startDate === day)!.id;
    const colleague = await api(request, 'azubi@example.com');
    expect((await request.get(`/api/sickreport/${id}/certificate`, { headers: colleague.headers })).status()).toBe(403);
    const other = await browser.newPage();
    await login(other, 'azubi@example.com', undefined, '/krankmeldungen/4');
    await expect(other.getByText('Bescheinigung ansehen')).toHaveCount(0);
    await expect(other.getByRole('link', { name: 'Krankmeldungen' })).toHaveCount(0);
    await other.close();
  });
});
