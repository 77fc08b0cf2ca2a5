import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { apiSettled, authAs, DEMO_PASSWORD, login, mainNavigation, test, watchAccessibility } from './helpers.ts';

const VERKAUF = 'verkauf@example.com';
const TITLE = 'Dashboard: Kundenrückruf erledigen';
const FILLERS = ['Dashboard: Regal A auffüllen', 'Dashboard: Muster sortieren', 'Dashboard: Lieferschein prüfen', 'Dashboard: Theke reinigen'];

/** Screenshots land beside the other test results of the repository. */
const screenshotPath = (name: string) => path.resolve(import.meta.dirname, '..', 'test-results', name);

/** The page at both window sizes the dashboard is made for, into test-results/{name}-{w}x{h}.png. */
async function screenshots(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: screenshotPath(`${name}-${width}x${height}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

/** YYYY-MM-DD of a UTC date. */
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Today in Berlin as YYYY-MM-DD, the server's day. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const thisYear = today.slice(0, 4);

/**
 * Monday to Wednesday of the week after next (next week belongs to the calendar journey's
 * vacation of the same person). `thisYear` says whether it still counts for this year's ring:
 * late in December it lies in the next year, and the ring must then stay as it was.
 */
function mondayToWednesdayAfterNext(): { start: string; end: string; thisYear: boolean } {
  let d = addDays(new Date(`${today}T00:00:00Z`), 8);
  while (d.getUTCDay() !== 1) d = addDays(d, 1);
  // A week across New Year would split its days between two rings: take the one after.
  if (iso(d).slice(0, 4) !== iso(addDays(d, 2)).slice(0, 4)) d = addDays(d, 7);
  return { start: iso(d), end: iso(addDays(d, 2)), thisYear: iso(d).startsWith(thisYear) };
}

/** '2,5 Tage', '1 Tag', as the dashboard writes days. */
const days = (n: number) => `${n.toLocaleString('de-DE', { maximumFractionDigits: 2 })} ${Math.abs(n) === 1 ? 'Tag' : 'Tage'}`;

interface Me {
  id: string;
  availableHolidays: number;
  holidaysTakenThisYear: number;
  holidaysPlannedThisYear: number;
}

async function me(request: APIRequestContext, headers: Record<string, string>): Promise<Me> {
  const res = await request.get('/api/user', { headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { user: Me }).user;
}

async function createTask(request: APIRequestContext, headers: Record<string, string>, task: { title: string; deadline: string; userId: string; priority?: number }) {
  const res = await request.post('/api/task', {
    headers,
    data: { title: task.title, deadline: task.deadline, priority: task.priority ?? 2, multiTask: true, teams: [], locations: [], users: [task.userId], subtasks: [] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The counter beside 'Aufgaben' in the navigation (0 when it is not shown). */
async function navTaskCount(page: Page): Promise<number> {
  const badge = mainNavigation(page).getByRole('status', { name: /offene Aufgaben?$/ });
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute('aria-label'))?.split(' ')[0]);
}

const tasksSection = (page: Page) => page.getByRole('region', { name: 'Meine Aufgaben' });
const vacationSection = (page: Page) => page.getByRole('region', { name: `Mein Urlaub ${thisYear}` });
const legendLine = (page: Page, label: string) => vacationSection(page).getByRole('list', { name: 'Urlaubskonto' }).getByRole('listitem').filter({ hasText: label });

/** The legend shows exactly the account of GET /user, open = available − taken − planned. */
async function expectAccount(page: Page, account: Me) {
  const open = Math.round((account.availableHolidays - account.holidaysTakenThisYear - account.holidaysPlannedThisYear) * 100) / 100;
  await expect(legendLine(page, 'Verfügbar')).toHaveText(`Verfügbar${days(account.availableHolidays)}`);
  await expect(legendLine(page, 'Genommen')).toHaveText(`Genommen${days(account.holidaysTakenThisYear)}`);
  await expect(legendLine(page, 'Geplant')).toHaveText(`Geplant${days(account.holidaysPlannedThisYear)}`);
  await expect(legendLine(page, 'Offen')).toHaveText(`Offen${days(open)}`);
  await expect(vacationSection(page).getByRole('img', { name: `${days(open)} offen, ${days(account.availableHolidays)} verfügbar` })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('Dashboard', () => {
  test('Am Telefon erscheinen die Karten zusammen mit ihren Daten: nichts verschiebt die Seite beim Laden', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Every shift of the layout the browser reports (Cumulative Layout Shift), from the first paint on.
    await page.addInitScript(() => {
      const w = globalThis as unknown as { shifts: number[]; PerformanceObserver: new (cb: (list: { getEntries(): { value: number; hadRecentInput: boolean }[] }) => void) => { observe(o: object): void } };
      w.shifts = [];
      new w.PerformanceObserver((list) => list.getEntries().forEach((e) => !e.hadRecentInput && w.shifts.push(e.value))).observe({ type: 'layout-shift', buffered: true });
    });
    await login(page, VERKAUF, DEMO_PASSWORD, '/dashboard');
    // Opened anew with the session, as a person opens the installed app.
    await page.reload();
    for (const name of ['Meine Aufgaben', 'Neuigkeiten', /^Mein Urlaub/, 'Meine Veranstaltungen']) await expect(page.getByRole('heading', { name })).toBeVisible();
    await apiSettled(page);
    await page.waitForTimeout(500);
    const shift = await page.evaluate(() => (globalThis as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
    expect(shift, 'Summe der Layout-Verschiebungen').toBeLessThan(0.02);
  });

  test('Verkauf sieht fünf offene Aufgaben und hakt eine ab; sie verschwindet nach 2 Sekunden', async ({ page, request }) => {
    const personal = await authAs(request, 'personalleitung@example.com');
    const verkauf = await me(request, await authAs(request, VERKAUF));
    // Due today with high priority: first in the list. The others make sure more than five are open.
    await createTask(request, personal, { title: TITLE, deadline: today, userId: verkauf.id, priority: 3 });
    for (const title of FILLERS) await createTask(request, personal, { title, deadline: iso(addDays(new Date(`${today}T00:00:00Z`), 40)), userId: verkauf.id, priority: 1 });

    await login(page, VERKAUF);
    await expect(page).toHaveURL(/\/dashboard$/);
    const section = tasksSection(page);
    await expect(section.getByRole('article', { name: TITLE })).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(5);

    const nav = mainNavigation(page);
    await expect(nav.getByRole('status', { name: /offene Aufgaben?$/ })).toBeVisible();
    const before = await navTaskCount(page);
    expect(before).toBeGreaterThan(5);
    await expect(section.getByRole('status', { name: `${before} offene Aufgaben` })).toHaveText(String(before));

    const task = section.getByRole('article', { name: TITLE });
    const box = task.getByRole('checkbox', { name: `${TITLE} erledigt` });
    await box.check();
    // Ticked at once, still shown during the grace, then completed and gone.
    await expect(box).toBeChecked();
    await expect(task).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(task).toBeVisible();
    await expect(task).toHaveCount(0, { timeout: 6000 });
    // The next task moves up; the counters drop.
    await expect(section.getByRole('article')).toHaveCount(5);
    await expect(nav.getByRole('status', { name: `${before - 1} offene Aufgaben` })).toBeVisible();
    await expect(section.getByRole('status', { name: `${before - 1} offene Aufgaben` })).toBeVisible();

    // The task page agrees: the task is finished.
    await section.getByRole('link', { name: 'Alle Aufgaben' }).click();
    await expect(page).toHaveURL(/\/aufgaben\/eigene$/);
    await expect(page.getByRole('region', { name: 'Offene Aufgaben' }).getByRole('article', { name: FILLERS[0] })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Offene Aufgaben' }).getByRole('article', { name: TITLE })).toHaveCount(0);
  });

  test('Urlaubsring: ein genehmigter Antrag erhöht Geplant und senkt Offen', async ({ page, request, browser, baseURL }) => {
    const week = mondayToWednesdayAfterNext();
    const verkaufAuth = await authAs(request, VERKAUF);
    const before = await me(request, verkaufAuth);

    await login(page, VERKAUF);
    await expectAccount(page, before);
    await expect(vacationSection(page).getByRole('link', { name: 'Urlaub beantragen' })).toHaveAttribute('href', '/urlaub/antrag');

    const requested = await request.post('/api/appointment', {
      headers: verkaufAuth,
      data: { appointment: { startDate: week.start, endDate: week.end, userId: before.id, overtimeDeduction: false, specialHoliday: false, reason: '' } },
    });
    expect([200, 224]).toContain(requested.status());
    const { appointment } = (await requested.json()) as { appointment: { id: string; countDays: number } };
    expect(appointment.countDays).toBeGreaterThan(0);

    // The approver's dashboard lists the request's task; it is completed by the decision, never by hand.
    const lead = await browser.newPage({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 800 } });
    const verifyLead = await watchAccessibility(lead);
    await login(lead, 'filialleitung@example.com');
    const german = (d: string) => d.split('-').reverse().join('.');
    const locked = tasksSection(lead).getByRole('article', { name: `Urlaubsantrag Wolf, Greta: ${german(week.start)} – ${german(week.end)}` });
    await expect(locked).toBeVisible();
    await expect(locked.getByRole('checkbox')).toBeDisabled();
    await verifyLead();
    await lead.close();

    const decided = await request.put(`/api/updateabsence/${appointment.id}/1`, { headers: await authAs(request, 'personalleitung@example.com') });
    expect(decided.ok(), await decided.text()).toBe(true);
    const after = await me(request, verkaufAuth);
    // Days of a later year are planned there, not in this year's ring.
    const plannedNow = week.thisYear ? appointment.countDays : 0;
    expect(after.holidaysPlannedThisYear).toBe(before.holidaysPlannedThisYear + plannedNow);
    expect(after.availableHolidays).toBe(before.availableHolidays);

    // Opening the dashboard again (without reloading the app) shows the new numbers.
    await tasksSection(page).getByRole('link', { name: 'Alle Aufgaben' }).click();
    // The dashboard stays until the task page has rendered (its code loads first).
    await expect(page.getByRole('heading', { level: 1, name: 'Eigene Aufgaben' })).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectAccount(page, after);
    const openBefore = before.availableHolidays - before.holidaysTakenThisYear - before.holidaysPlannedThisYear;
    await expect(legendLine(page, 'Offen')).toHaveText(`Offen${days(Math.round((openBefore - plannedNow) * 100) / 100)}`);

    await page.mouse.move(0, 0);
    await screenshots(page, 'dashboard');
  });

  test('ohne urlaub_menu_sehen kein Urlaubsring; leere Aufgabenliste', async ({ page, request }) => {
    const admin = await authAs(request, 'admin@example.com');
    const suffix = String(Date.now()).slice(-6);
    const group = `Dashboardtest${suffix}`;
    const team = await request.post('/api/team', {
      headers: admin,
      data: { team: { name: group, label: `Dashboard-Test ${suffix}`, permissions: ['dashboard_menu_sehen', 'aufgaben_menu_sehen', 'aufgaben_erhalten'] } },
    });
    expect(team.ok(), await team.text()).toBe(true);
    const { locations } = (await (await request.get('/api/location/list/9999', { headers: admin })).json()) as { locations: { id: string; label: string }[] };
    const email = `ohne.urlaub.${suffix}@example.com`;
    const created = await request.post('/api/user', {
      headers: admin,
      data: {
        user: { firstName: 'Olga', lastName: 'Ohneurlaub', email, location: locations.find((l) => l.label === 'Filiale Köln')!.id, personalNumber: `97${suffix}` },
        role: group,
        password: 'geheim-1',
        passwordRepeat: 'geheim-1',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await login(page, email, 'geheim-1');
    await expect(page.getByRole('heading', { level: 1, name: /, Olga$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mein Profil' })).toBeVisible();
    await expect(tasksSection(page).getByText(MSG.noTasks, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Mein Urlaub/ })).toHaveCount(0);

    // A task arrives, is ticked, and the empty text returns.
    const olga = await me(request, await authAs(request, email, 'geheim-1'));
    await createTask(request, admin, { title: TITLE, deadline: today, userId: olga.id });
    await page.reload();
    const task = tasksSection(page).getByRole('article', { name: TITLE });
    await expect(task).toBeVisible();
    await task.getByRole('checkbox', { name: `${TITLE} erledigt` }).check();
    await expect(tasksSection(page).getByText(MSG.noTasks, { exact: true })).toBeVisible({ timeout: 6000 });
    await expect(mainNavigation(page).getByRole('status', { name: /offene Aufgaben?$/ })).toHaveCount(0);
    await page.mouse.move(0, 0);
    await screenshots(page, 'dashboard-ohne-urlaub');
  });

  test('mehr verplant als verfügbar: Offen negativ in Warnfarbe, der Ring zeigt keinen offenen Teil', async ({ page, request }) => {
    // HR deducts more than the contingent: a new colleague with 5 days and 7,5 days deducted.
    const admin = await authAs(request, 'admin@example.com');
    const suffix = String(Date.now()).slice(-6);
    const { locations } = (await (await request.get('/api/location/list/9999', { headers: admin })).json()) as { locations: { id: string; label: string }[] };
    const email = `ueberzogen.${suffix}@example.com`;
    const created = await request.post('/api/user', {
      headers: admin,
      data: {
        user: {
          firstName: 'Udo', lastName: 'Überzogen', email, location: locations.find((l) => l.label === 'Filiale Köln')!.id, personalNumber: `96${suffix}`,
          holidayContingent: 5, deductionHolidaysCurrentYear: 7.5,
        },
        role: 'Verkauf',
        password: DEMO_PASSWORD,
        passwordRepeat: DEMO_PASSWORD,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const account = await me(request, await authAs(request, email));
    expect(account.availableHolidays - account.holidaysTakenThisYear - account.holidaysPlannedThisYear).toBe(-2.5);
    await login(page, email);
    await expectAccount(page, account);
    await expect(legendLine(page, 'Offen')).toHaveText('Offen-2,5 Tage');
    await expect(vacationSection(page).getByText('Es ist mehr Urlaub genommen und geplant als verfügbar.')).toBeVisible();
    await page.mouse.move(0, 0);
    await screenshots(page, 'dashboard-ueberzogen');
  });
});
