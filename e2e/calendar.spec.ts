import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, mondayOf, type CalendarWeek } from '@filialportal/core/calendar';
import { DEMO_PASSWORD, login, storedToken, test } from './helpers.ts';

/** Today in Berlin, YYYY-MM-DD. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
/** Next week: far enough ahead that nothing seeded or requested so far covers it. */
const NEXT_MONDAY = addDays(mondayOf(today), 7);

/** Where the journeys leave their screenshots: test-results/calendar-<name>.png in the repository. */
const shot = (name: string) => `../test-results/calendar-${name}.png`;

/** The week grid of the page. */
const grid = (page: Page) => page.getByRole('table', { name: /^An-\/Abwesenheiten KW/ });

/** The row of a person, by the name in its first column ('Wolf, Greta'). */
const personRow = (page: Page, name: string) => grid(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The count of a day in a counts row ('Früh', 'Anwesend', …). */
const countCell = (page: Page, label: string, dayIndex: number) =>
  grid(page).locator('tfoot tr').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell').nth(dayIndex);

/** A session token for API calls besides the browser. */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/token', { data: { username: email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** GET /calendar as the page's user: the week the page will show. */
async function fetchWeek(page: Page, locationId: string, date: string): Promise<CalendarWeek> {
  const token = await storedToken(page);
  const answer = await page.request.get(`/api/calendar/${locationId}/${date}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as CalendarWeek;
}

async function ownLocation(page: Page): Promise<string> {
  const token = await storedToken(page);
  const answer = await page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await answer.json()) as { user: { currentLocation: { id: string } | null; location: { id: string } | null } };
  return (user.currentLocation ?? user.location)!.id;
}

test.describe.configure({ mode: 'serial' });

test.describe('An-/Abwesenheiten', () => {
  test('Filialleitung setzt Frühschicht und eine Info in der nächsten Woche', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/an-abwesenheit');
    await expect(page.getByRole('heading', { level: 1, name: 'An-/Abwesenheiten' })).toBeVisible();
    await expect(grid(page)).toBeVisible();
    // Own location only: no location choice, no export.
    await expect(page.getByLabel('Ort wechseln')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export XLSX' })).toHaveCount(0);

    const kw = page.getByRole('textbox', { name: 'KW' });
    const thisWeek = Number(await kw.inputValue());
    await page.getByRole('button', { name: 'Nächste Woche' }).click();
    await expect(page).toHaveURL(new RegExp(`datum=${NEXT_MONDAY}`));
    await expect(kw).not.toHaveValue(String(thisWeek));

    // A working day from the week pattern (not sick, vacation, free or a holiday), Monday to Friday.
    const week = await fetchWeek(page, await ownLocation(page), NEXT_MONDAY);
    const pick = week.rows
      .filter((r) => !(r.lastName === 'Wolf' && r.firstName === 'Greta'))
      .flatMap((r) => r.cells.slice(0, 5).map((c, i) => ({ row: r, cell: c, i })))
      .find(({ cell }) => cell.source === 'pattern' && cell.status === 7 && cell.editable)!;
    expect(pick).toBeTruthy();
    const name = `${pick.row.lastName}, ${pick.row.firstName}`;
    const day = week.days[pick.i]!;
    await expect(grid(page).getByRole('columnheader', { name: new RegExp(`^${day.weekday} ${day.dateFormated.slice(0, 6)}`) })).toBeVisible();

    const early = countCell(page, 'Früh', pick.i);
    const before = Number(await early.innerText());
    const cell = personRow(page, name).getByRole('cell').nth(pick.i);
    await cell.getByRole('button', { name: `${name}, ${day.weekday} ${day.dateFormated}: Anwesend` }).click();
    const choice = page.getByRole('dialog');
    await expect(choice).toBeVisible();
    // Filialleitung may not set Krank or Urlaub by hand.
    await expect(choice.getByRole('button', { name: 'Krank' })).toHaveCount(0);
    await expect(choice.getByRole('button', { name: 'Urlaub' })).toHaveCount(0);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/locationappointment') && r.request().method() === 'POST');
    await choice.getByRole('button', { name: 'Frühschicht' }).click();
    await expect(choice).toBeHidden();
    expect((await saved).ok()).toBe(true);
    await expect(cell).toHaveText('Früh');
    await expect(early).toHaveText(String(before + 1));

    // The info row: saved on Enter, still there after a reload.
    const info = grid(page).getByRole('textbox', { name: `Info ${day.weekday} ${day.dateFormated}` });
    await info.fill('Inventur Lager');
    const infoSaved = page.waitForResponse((r) => r.url().endsWith('/api/locationinfo') && r.request().method() === 'POST');
    await info.press('Enter');
    expect((await infoSaved).ok()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('1280') });

    await page.reload();
    await expect(grid(page).getByRole('textbox', { name: `Info ${day.weekday} ${day.dateFormated}` })).toHaveValue('Inventur Lager');
    await expect(personRow(page, name).getByRole('cell').nth(pick.i)).toHaveText('Früh');

    await page.setViewportSize({ width: 1024, height: 768 });
    await personRow(page, name).getByRole('cell').nth(pick.i).getByRole('button').click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' })).toBeVisible();
    await page.screenshot({ path: shot('1024-choice'), animations: 'disabled' });

    // 'Zurücksetzen' brings the week pattern back.
    await page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect(personRow(page, name).getByRole('cell').nth(pick.i).getByRole('button', { name: new RegExp(`: Anwesend$`) })).toBeVisible();
    await expect(countCell(page, 'Früh', pick.i)).toHaveText(String(before));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('1024') });
  });

  test('Verkauf sieht den Kalender, kann aber nichts ändern', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/an-abwesenheit');
    await expect(grid(page)).toBeVisible();
    const row = personRow(page, 'Wolf, Greta');
    await expect(row).toBeVisible();
    await expect(grid(page).getByRole('button')).toHaveCount(0);
    await expect(grid(page).getByRole('textbox')).toHaveCount(0);
    await row.getByRole('cell').first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Ort wechseln')).toHaveCount(0);

    // The employee search filters the rows (people's row headers are 'Name, Vorname').
    const people = grid(page).getByRole('rowheader', { name: /, / });
    const everyone = await people.count();
    await page.getByLabel('Suche Mitarbeiter').fill('wolf');
    await expect(page).toHaveURL(/suche=wolf/);
    await expect(people).not.toHaveCount(everyone);
    for (const name of await people.allInnerTexts()) expect(name.toLowerCase()).toContain('wolf');
    await expect(grid(page).getByRole('rowheader', { name: 'Wolf, Greta', exact: true })).toBeVisible();
    await page.getByLabel('Suche Mitarbeiter').fill('niemand-heisst-so');
    await expect(grid(page).getByText('Keine Mitarbeiter zu „niemand-heisst-so“ gefunden')).toBeVisible();
    await page.getByRole('button', { name: 'Suchbegriff löschen' }).click();
    await expect(people).toHaveCount(everyone);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('verkauf-1280') });
  });

  test('Ein genehmigter Urlaub erscheint als UR und ist nicht änderbar', async ({ page, request }) => {
    // Verkauf (Greta Wolf) asks for next week, Personalleitung approves.
    const verkauf = await tokenOf(request, 'verkauf@example.com');
    const me = (await (await request.get('/api/user', { headers: { authorization: `Bearer ${verkauf}` } })).json()) as { user: { id: string } };
    const asked = await request.post('/api/appointment', {
      headers: { authorization: `Bearer ${verkauf}` },
      data: {
        appointment: {
          startDate: NEXT_MONDAY,
          endDate: addDays(NEXT_MONDAY, 4),
          userId: me.user.id,
          overtimeDeduction: false,
          overtime: null,
          specialHoliday: false,
          reason: '',
        },
      },
    });
    expect([200, 224]).toContain(asked.status());
    const { appointment } = (await asked.json()) as { appointment: { id: string } };
    const personalleitung = await tokenOf(request, 'personalleitung@example.com');
    const approved = await request.put(`/api/updateabsence/${appointment.id}/1`, { headers: { authorization: `Bearer ${personalleitung}` } });
    expect(approved.ok()).toBe(true);

    await login(page, 'filialleitung@example.com', undefined, `/an-abwesenheit?datum=${NEXT_MONDAY}`);
    const row = personRow(page, 'Wolf, Greta');
    await expect(row).toBeVisible();
    const days = row.getByRole('cell');
    // Monday to Friday: vacation on working days, her free weekday (or a holiday) stays free.
    const texts = await Promise.all([0, 1, 2, 3, 4].map((i) => days.nth(i).innerText()));
    const vacationDays = texts.map((t, i) => ({ t: t.trim(), i })).filter(({ t }) => t === 'UR');
    expect(vacationDays.length).toBeGreaterThanOrEqual(3);
    for (const { i } of vacationDays) await expect(days.nth(i).getByRole('button')).toHaveCount(0);

    // The extended title names the period.
    await days.nth(vacationDays[0]!.i).getByText('UR').hover();
    await expect(page.getByRole('tooltip')).toContainText('Urlaub');
    await page.screenshot({ path: shot('vacation-1280') });
  });
});
