import { expect, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, storedToken, test } from './helpers.ts';

const TITLE = 'Schaufenster dekorieren';
const SUBTASK = 'Deko-Material besorgen';
const SECOND = 'Kassenbestand zählen';

/** Today as the date picker names its days, e.g. '5. Dezember 2026'. */
function todayLabel(): string {
  return new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
}

/** Today as DD.MM.YYYY (Berlin). */
function todayGerman(): string {
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
}

/** Today typed the short way: '7.1.27'. */
function typedToday(): string {
  const [d, m, y] = todayGerman().split('.');
  return `${Number(d)}.${Number(m)}.${y!.slice(2)}`;
}

/** The counter beside 'Aufgaben' in the navigation (0 when it is not shown). */
async function openTaskCount(page: Page): Promise<number> {
  const badge = mainNavigation(page).getByRole('status', { name: /offene Aufgaben?$/ });
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute('aria-label'))?.split(' ')[0]);
}

/** Turns on 'Erledigte Aufgaben anzeigen' (kept in the address, so the box follows a moment later). */
async function showFinished(page: Page) {
  const toggle = page.getByRole('switch', { name: 'Erledigte Aufgaben anzeigen' });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page).toHaveURL(/[?&]erledigte=1/);
}

function counterText(n: number): string {
  return n === 1 ? '1 offene Aufgabe' : `${n} offene Aufgaben`;
}

test.describe.configure({ mode: 'serial' });

test.describe('Aufgaben', () => {
  test('Filialleitung stellt eine Aufgabe an das Team Verkauf der eigenen Filiale', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/aufgaben/delegiert');
    await expect(page.getByRole('heading', { level: 1, name: 'Delegierte Aufgaben' })).toBeVisible();
    await page.getByRole('button', { name: 'Neue Aufgabe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Aufgabe' });
    await expect(dialog).toBeVisible();

    // The own branch is preset and cannot be changed.
    await expect(dialog.getByRole('combobox', { name: 'Standorte' })).toBeDisabled();
    await expect(dialog.getByText('Filiale Köln', { exact: true })).toBeVisible();

    // Every problem at once; each goes as soon as its field is fixed.
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    const problems = dialog.getByRole('alert');
    await expect(problems).toContainText(MSG.taskTitleRequired);
    await expect(problems).toContainText(MSG.taskDateRequired);
    await expect(dialog.getByLabel('Titel')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Fällig am')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Titel').fill(TITLE);
    await expect(problems).toHaveText(MSG.taskDateRequired);
    await expect(dialog.getByLabel('Titel')).not.toHaveAttribute('aria-invalid', 'true');

    // Picked from the calendar: the date's message goes too.
    await dialog.getByLabel('Fällig am').click();
    await page.getByRole('button', { name: todayLabel(), exact: true }).click();
    await expect(problems).toHaveCount(0);
    await expect(dialog.getByLabel('Fällig am')).not.toHaveAttribute('aria-invalid', 'true');

    // Typed: '1.12.26' is a date, '31.02.2026' says what is wrong, a past day is refused.
    const deadline = dialog.getByLabel('Fällig am');
    await deadline.fill('31.02.2026');
    await deadline.press('Tab');
    await expect(dialog.getByText(MSG.dateTypedInvalid)).toBeVisible();
    await expect(deadline).toHaveValue('31.02.2026');
    await deadline.fill('1.1.20');
    await deadline.press('Tab');
    await expect(dialog.getByText(/^Das Datum darf nicht vor dem \d\d\.\d\d\.\d{4} liegen\.$/)).toBeVisible();
    await deadline.fill(typedToday());
    await expect(dialog.getByText(MSG.dateTypedInvalid)).toHaveCount(0);
    await deadline.press('Tab');
    await expect(deadline).toHaveValue(todayGerman());
    await dialog.getByText('Hoch', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Hoch' })).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Teams' }).click();
    await page.getByRole('option', { name: 'Verkauf', exact: true }).click();
    await dialog.getByRole('button', { name: 'Unteraufgabe hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Unteraufgabe 1' }).fill(SUBTASK);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();

    await expect(page.getByText(`Aufgabe '${TITLE}' erstellt`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toBeVisible();
    // A shared task (the default) is open for all its recipients; one tick closes it.
    await expect(row.getByText(/^Offen · \d+ Empfänger$/)).toBeVisible();

    // A second task for the same people, so the counter stays visible after one is done.
    const token = await storedToken(page);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const second = await page.request.post('/api/task', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: SECOND, deadline: tomorrow, teams: ['Verkauf'], locations: [], users: [], subtasks: [] },
    });
    expect(second.ok()).toBe(true);
  });

  test('Verkauf hakt Unteraufgabe und Aufgabe ab; der Zähler sinkt', async ({ page }) => {
    await login(page, 'verkauf@example.com');
    const nav = mainNavigation(page);
    await expect(nav.getByRole('status', { name: /offene Aufgaben?$/ })).toBeVisible();
    const before = await openTaskCount(page);
    expect(before).toBeGreaterThan(1);

    await nav.getByRole('button', { name: /^Aufgaben/ }).click();
    await nav.getByRole('link', { name: 'Eigene Aufgaben' }).click();
    await expect(page).toHaveURL(/\/aufgaben\/eigene$/);

    const open = page.getByRole('region', { name: 'Offene Aufgaben' });
    const task = open.getByRole('article', { name: TITLE });
    await expect(task).toBeVisible();
    await expect(task.getByText('Hoch', { exact: true })).toBeVisible();

    await task.getByRole('button', { name: 'Unteraufgaben 0/1' }).click();
    await task.getByRole('checkbox', { name: SUBTASK }).check();
    await expect(task.getByRole('button', { name: 'Unteraufgaben 1/1' })).toBeVisible();

    // Unticking within the 2 seconds cancels.
    const other = open.getByRole('article', { name: SECOND });
    const otherBox = other.getByRole('checkbox', { name: `${SECOND} erledigt` });
    await otherBox.check();
    await otherBox.uncheck();
    await page.waitForTimeout(2500);
    await expect(other).toBeVisible();
    await expect(otherBox).not.toBeChecked();
    await expect(nav.getByRole('status', { name: counterText(before) })).toBeVisible();

    const box = task.getByRole('checkbox', { name: `${TITLE} erledigt` });
    await box.check();
    // Checked at once; completed after the 2-second grace.
    await expect(box).toBeChecked();
    await expect(task).toBeVisible();
    await expect(open.getByRole('article', { name: TITLE })).toHaveCount(0, { timeout: 6000 });

    await expect(nav.getByRole('status', { name: counterText(before - 1) })).toBeVisible();

    await showFinished(page);
    const finished = page.getByRole('region', { name: 'Erledigte Aufgaben' });
    await expect(finished.getByRole('article', { name: TITLE })).toBeVisible();
    await expect(finished.getByRole('button', { name: 'Wieder öffnen' }).first()).toBeVisible();
  });

  test('Eine Aufgabe des Portals (eine Veranstaltung bewerten) nennt „Filialportal“ als Absender', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/aufgaben/eigene');
    // The demo company's past training: the scheduler asked its participants to rate it.
    const rating = page.getByRole('region', { name: 'Offene Aufgaben' }).getByRole('article', { name: /^Veranstaltung bewerten: / }).first();
    await expect(rating).toBeVisible({ timeout: 20_000 });
    await expect(rating.getByText(`Von ${MSG.systemSender}`, { exact: true })).toBeVisible();
    await expect(rating.getByText(`Von ${MSG.deletedUser}`)).toHaveCount(0);
  });

  test('Filialleitung sieht, wer die gemeinsame Aufgabe erledigt hat', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/aufgaben/delegiert');
    // A shared task is finished for all at once by Verkauf's tick: it sits in the finished list.
    await showFinished(page);
    const finished = page.getByRole('table', { name: 'Erledigte delegierte Aufgaben' });
    const row = finished.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^Erledigt von \S+ \S+.* am \d\d\.\d\d\.\d{4}$/)).toBeVisible();
    await expect(row.getByText(/von \d+ erledigt/)).toHaveCount(0);
  });
});
