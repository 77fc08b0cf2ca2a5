import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, pickDate, test } from './helpers.ts';

/** YYYY-MM-DD of a UTC date. */
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Easter Sunday of a year (anonymous Gregorian algorithm), as a UTC date. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The current year in Berlin. */
const thisYear = Number(new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date()));
const nextYear = thisYear + 1;

/** Fronleichnam (Easter + 60 days, a Thursday; a public holiday in NW) next year, and its week. */
const corpusChristi = addDays(easter(nextYear), 60);
const WEEK = { start: iso(addDays(corpusChristi, -3)), end: iso(addDays(corpusChristi, 1)) };
/** Overlaps the week above. */
const OVERLAP = { start: iso(addDays(corpusChristi, -1)), end: iso(addDays(corpusChristi, 1)) };
/** Three months: more than the remaining days. */
const LONG = { start: `${nextYear}-07-01`, end: `${nextYear}-09-30` };

/** A Monday-to-Friday week of this year without public holidays in NW (second week of February). */
function sickWeek(): { start: string; end: string } {
  let d = new Date(Date.UTC(thisYear, 1, 8));
  while (d.getUTCDay() !== 1) d = addDays(d, 1);
  return { start: iso(d), end: iso(addDays(d, 4)) };
}
const SICK = sickWeek();

/** '24.05.2027' */
const german = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** Fills and sends 'Neuer Urlaubsantrag' with a period. */
async function requestVacation(page: Page, period: { start: string; end: string }) {
  await page.goto('/urlaub/1');
  await page.getByRole('link', { name: 'Neuer Urlaubsantrag' }).click();
  await expect(page).toHaveURL(/\/urlaub\/antrag$/);
  await pickDate(page, page.getByLabel('Urlaub von'), period.start);
  await pickDate(page, page.getByLabel('Urlaub bis'), period.end);
  await page.getByRole('button', { name: 'Antrag stellen' }).click();
}

/** The row of Greta Wolf (verkauf@) in a list. */
const gretaRow = (page: Page) => page.getByRole('row', { name: /Wolf, Greta/ });
/** Her row of the request for WEEK (the demo gives her requests of her own besides it). */
const weekRow = (page: Page) => gretaRow(page).filter({ hasText: `${german(WEEK.start)} – ${german(WEEK.end)}` });

test.describe.configure({ mode: 'serial' });

test.describe('Urlaub und Krankmeldungen', () => {
  test('Verkauf beantragt die Woche um Fronleichnam: 4 Tage; Regeln des Formulars', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/urlaub/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
    await page.getByRole('link', { name: 'Neuer Urlaubsantrag' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neuer Urlaubsantrag' })).toBeVisible();
    await expect(page.getByRole('region', { name: `Urlaubskonto ${thisYear}` })).toBeVisible();

    await page.getByRole('button', { name: 'Antrag stellen' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.vacationDatesRequired);

    await pickDate(page, page.getByLabel('Urlaub von'), WEEK.start);
    await pickDate(page, page.getByLabel('Urlaub bis'), WEEK.end);

    // Overtime: digits and a comma only, at most 3 characters without a comma. What breaks the
    // rules stays as typed and the field says why; saving asks for the hours.
    await page.getByRole('checkbox', { name: 'Überstundenabbau' }).check();
    const hours = page.getByLabel('Überstunden', { exact: true });
    await hours.fill('-7e,55x');
    await expect(hours).toHaveValue('-7e,55x');
    await expect(page.getByText(MSG.overtimeInvalid)).toBeVisible();
    await hours.fill('1234');
    await expect(page.getByText(MSG.overtimeTooLong)).toBeVisible();
    await page.getByRole('button', { name: 'Antrag stellen' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.overtimeRequired);
    await hours.fill('');
    await expect(page.getByText(MSG.overtimeTooLong)).toHaveCount(0);

    // The ticks exclude each other.
    await hours.fill('7,5');
    await page.getByRole('checkbox', { name: 'Sonderurlaub' }).check();
    await expect(page.getByRole('checkbox', { name: 'Überstundenabbau' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Antrag stellen' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.specialReasonRequired);
    await page.getByRole('checkbox', { name: 'Sonderurlaub' }).uncheck();

    await page.getByRole('button', { name: 'Antrag stellen' }).click();
    await expect(page.getByText('Urlaubsantrag gestellt')).toBeVisible();
    await expect(page).toHaveURL(/\/urlaub\/1$/);
    const row = weekRow(page);
    await expect(row).toHaveCount(1);
    await expect(row.getByText(`${german(WEEK.start)} – ${german(WEEK.end)}`)).toBeVisible();
    await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();
    await expect(row.getByText('offen', { exact: true })).toBeVisible();
  });

  test('Ein überschneidender Antrag wird abgewiesen; ein zu langer nach Rückfrage zurückgezogen', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/urlaub/1');
    await requestVacation(page, OVERLAP);
    await expect(page.getByRole('alert')).toHaveText(MSG.vacationDuplicate);

    await requestVacation(page, LONG);
    const prompt = page.getByRole('dialog', { name: 'Resturlaub reicht nicht aus' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText(/^Nur noch \d+ Tage verfügbar\. Antrag trotzdem stellen\?$/)).toBeVisible();
    await prompt.getByRole('button', { name: 'Nein, zurückziehen' }).click();
    await expect(page.getByText('Der Urlaubsantrag wurde nicht gestellt.')).toBeVisible();

    await page.goto('/urlaub/1');
    await expect(weekRow(page)).toHaveCount(1);
    await expect(page.getByText(`${german(LONG.start)} – ${german(LONG.end)}`)).toHaveCount(0);
  });

  test('Filialleitung öffnet ihre Aufgabe und nimmt den Antrag an', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/aufgaben/eigene');
    const task = page.getByRole('article', { name: `Urlaubsantrag Wolf, Greta: ${german(WEEK.start)} – ${german(WEEK.end)}` });
    await expect(task).toBeVisible();
    await task.getByRole('link', { name: /öffnen$/ }).click();
    await expect(page).toHaveURL(/\/urlaub\/1$/);

    const row = weekRow(page);
    await row.getByRole('button', { name: 'Urlaubsantrag von Greta Wolf annehmen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Urlaubsantrag annehmen' });
    await expect(dialog.getByText(`${german(WEEK.start)} – ${german(WEEK.end)} (4 Tage)`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Annehmen' }).click();
    await expect(page.getByText('Urlaubsantrag von Greta Wolf angenommen')).toBeVisible();
    await expect(weekRow(page)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Akzeptiert' }).click();
    await expect(page).toHaveURL(/\/urlaub\/2$/);
    await expect(weekRow(page).getByText('akzeptiert', { exact: true })).toBeVisible();
  });

  test('Personalleitung sieht den Antrag, filtert nach Jahr und öffnet die Urlaubsübersicht', async ({ page }) => {
    // The company's accepted requests of the coming weeks come first (more than a page): the
    // search finds hers, the year narrows them down.
    await login(page, 'personalleitung@example.com', undefined, '/urlaub/2');
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    await expect(page).toHaveURL(/suche=Wolf/);
    const year = page.getByLabel('Jahr', { exact: true });
    await year.fill(String(nextYear));
    await expect(page).toHaveURL(new RegExp(`jahr=${nextYear}`));
    await expect(weekRow(page)).toHaveCount(1);
    await year.fill(String(thisYear));
    await expect(page).toHaveURL(new RegExp(`jahr=${thisYear}`));
    await expect(weekRow(page)).toHaveCount(0);
    await year.fill('1700');
    await expect(page.getByText('1800 bis 2199')).toBeVisible();
    await year.fill(String(nextYear));
    await expect(weekRow(page)).toHaveCount(1);

    await page.getByRole('tab', { name: 'Urlaubsübersicht' }).click();
    await expect(page).toHaveURL(/\/urlaub\/4/);
    await expect(page.getByRole('heading', { level: 1, name: 'Urlaubsübersicht' })).toBeVisible();
    await expect(page.getByLabel('Jahr', { exact: true })).toHaveCount(0);
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    await expect(page).toHaveURL(/suche=Wolf/);
    await expect(gretaRow(page)).toHaveCount(1);
    await page.getByRole('switch', { name: 'mit Vorjahren' }).click();
    await expect(page).toHaveURL(/vorjahre=1/);
    await expect(gretaRow(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Export XLSX' })).toBeVisible();
  });

  test('Personalleitung erfasst eine Krankmeldung; sie erscheint in der Übersicht', async ({ page }) => {
    await login(page, 'personalleitung@example.com', undefined, '/krankmeldungen/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Eingegangene Krankmeldungen' })).toBeVisible();
    await page.getByRole('button', { name: 'Neue Krankmeldung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Krankmeldung' });
    // Every missing field at once; each message goes as soon as its field is filled.
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    const problems = dialog.getByRole('alert');
    for (const message of [MSG.employeeRequired, MSG.sickDateRequired, MSG.sickEndRequired]) await expect(problems).toContainText(message);

    await dialog.getByLabel('Mitarbeiter').fill('Wolf');
    await page.getByRole('option', { name: 'Wolf, Greta' }).click();
    await expect(problems).not.toContainText(MSG.employeeRequired);
    await expect(problems).toContainText(MSG.sickDateRequired);

    // Typed dates: 'T.M.JJ' is this century; the calendar stays as a help.
    const from = dialog.getByRole('textbox', { name: 'Von', exact: true });
    const [year, month, day] = SICK.start.split('-');
    await from.fill(`${Number(day)}.${Number(month)}.${year!.slice(2)}`);
    await from.press('Tab');
    await expect(from).toHaveValue(german(SICK.start));
    await expect(problems).toHaveText(MSG.sickEndRequired);
    await pickDate(page, dialog.getByRole('textbox', { name: 'Bis', exact: true }), SICK.end);
    await expect(problems).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(page.getByText('Krankmeldung erstellt')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Alle' }).click();
    await expect(page).toHaveURL(/\/krankmeldungen\/4$/);
    // The company's reports of the months since fill the first page: the search finds hers.
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    await expect(page).toHaveURL(/suche=Wolf/);
    const row = gretaRow(page);
    await expect(row.getByText(german(SICK.start))).toBeVisible();
    // Working days of the week without Greta's free weekday.
    const days = (await row.getByRole('cell').nth(3).innerText()).trim();
    expect(Number(days)).toBeGreaterThanOrEqual(4);

    // The same period again is refused.
    await page.getByRole('button', { name: 'Neue Krankmeldung' }).click();
    await dialog.getByLabel('Mitarbeiter').fill('Wolf');
    await page.getByRole('option', { name: 'Wolf, Greta' }).click();
    await pickDate(page, dialog.getByRole('textbox', { name: 'Von', exact: true }), SICK.start);
    await pickDate(page, dialog.getByRole('textbox', { name: 'Bis', exact: true }), SICK.start);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.sickDuplicate);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    await page.getByRole('tab', { name: 'Übersicht' }).click();
    await expect(page).toHaveURL(/\/krankmeldungen\/uebersicht(\?|$)/);
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    await expect(page).toHaveURL(/suche=Wolf/);
    const person = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Wolf', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'Greta', exact: true }) });
    await expect(person.getByRole('cell', { name: days, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export XLSX' })).toBeVisible();
  });

  test('Filialleitung ändert und löscht die Krankmeldung aus ihrer Filiale', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/krankmeldungen/4');
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    await expect(page).toHaveURL(/suche=Wolf/);
    const row = gretaRow(page);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Krankmeldung von Greta Wolf bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Krankmeldung bearbeiten' });
    const shorter = iso(addDays(new Date(`${SICK.start}T00:00:00Z`), 1));
    await pickDate(page, dialog.getByRole('textbox', { name: 'Bis', exact: true }), shorter);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Krankmeldung gespeichert')).toBeVisible();
    await expect(row.getByText(german(shorter))).toBeVisible();

    await row.getByRole('button', { name: 'Krankmeldung von Greta Wolf löschen' }).click();
    const confirm = page.getByRole('dialog', { name: "Krankmeldung 'Greta Wolf' löschen?" });
    await expect(confirm.getByText(MSG.confirmText)).toBeVisible();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText("Krankmeldung 'Greta Wolf' gelöscht")).toBeVisible();
    await expect(gretaRow(page)).toHaveCount(0);
  });
});
