import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, isoWeek, mondayOf } from '@filialportal/core/calendar';
import { MSG } from '@filialportal/core/messages';
import { apiSettled, authAs, login, mainNavigation, storedToken, test } from './helpers.ts';

const PHONE = { width: 390, height: 844 };

/** Today in Berlin, YYYY-MM-DD. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const nextYear = Number(today.slice(0, 4)) + 1;

interface OpenRequest {
  id: string;
  firstName: string;
  lastName: string;
  canAccept: boolean;
}

/**
 * An open request that Filialleitung may decide: one of the demo company's, or else one that
 * Verkauf (Greta Wolf) asks for now, in a free week of next autumn. Returns the person's name
 * and, when the journey made the request, how to take it back.
 */
async function openRequestForLead(request: APIRequestContext): Promise<{ name: string; cleanUp: () => Promise<void> }> {
  const lead = await authAs(request, 'filialleitung@example.com');
  const list = await request.get('/api/absence/0/all/1', { headers: lead });
  expect(list.ok()).toBe(true);
  const existing = ((await list.json()) as { absences: OpenRequest[] }).absences.find((a) => a.canAccept);
  if (existing) return { name: `${existing.firstName} ${existing.lastName}`, cleanUp: async () => undefined };

  const verkauf = await authAs(request, 'verkauf@example.com');
  const me = (await (await request.get('/api/user', { headers: verkauf })).json()) as { user: { id: string } };
  // A week of October next year that no earlier request of hers covers.
  for (let week = 0; week < 8; week++) {
    const start = addDays(mondayOf(`${nextYear}-10-05`), 7 * week);
    const asked = await request.post('/api/appointment', {
      headers: verkauf,
      data: { appointment: { startDate: start, endDate: addDays(start, 2), userId: me.user.id, overtimeDeduction: false, specialHoliday: false, reason: '' } },
    });
    if (asked.status() === 422) continue;
    expect([200, 224], await asked.text()).toContain(asked.status());
    const { appointment } = (await asked.json()) as { appointment: { id: string } };
    return {
      name: 'Greta Wolf',
      // Later journeys count the lead's tasks: the request (and its approval task) goes again.
      cleanUp: async () => void (await request.delete(`/api/appointment/${appointment.id}`, { headers: verkauf })),
    };
  }
  throw new Error('no free week for a request');
}

/** The element lies wholly inside the window (after scrolling it into view vertically). */
async function expectInViewport(page: Page, target: Locator) {
  // Into the middle: Playwright's scrollIntoViewIfNeeded leaves an element that shows but for a
  // pixel, and an element scrolled to the very edge may end a fraction of a pixel beyond it.
  await target.evaluate((el) => (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'center', inline: 'nearest' }));
  const box = await target.boundingBox();
  const size = page.viewportSize()!;
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
}

/** The page itself never scrolls sideways at phone width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('Telefonbreite (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('Kalender und Urlaubsliste: alles bleibt erreichbar, die Seite scrollt nicht seitwärts', async ({ page, request }) => {
    const open = await openRequestForLead(request);
    try {
      await login(page, 'filialleitung@example.com', undefined, '/an-abwesenheit');
      const grid = page.getByRole('table', { name: /^An-\/Abwesenheiten KW/ });
      await expect(grid.getByRole('rowheader', { name: 'Wolf, Greta', exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      for (const control of [
        page.getByText('Datum', { exact: true }),
        page.getByRole('textbox', { name: 'KW', exact: true }),
        page.getByRole('button', { name: 'Vorherige Woche' }),
        page.getByRole('button', { name: 'Heute' }),
        page.getByRole('button', { name: 'Nächste Woche' }),
      ]) {
        await expectInViewport(page, control);
      }

      // The week scrolls inside its own box; the names stay where they are.
      const name = grid.getByRole('rowheader', { name: 'Wolf, Greta', exact: true });
      const before = (await name.boundingBox())!;
      const scrolled = await grid.evaluate((table) => {
        const box = (table as unknown as { parentElement: { scrollLeft: number; scrollWidth: number; clientWidth: number } }).parentElement;
        box.scrollLeft = box.scrollWidth;
        return box.scrollLeft;
      });
      expect(scrolled).toBeGreaterThan(0);
      await expect.poll(async () => (await name.boundingBox())!.x).toBe(before.x);
      await expect(grid.getByRole('columnheader', { name: /^So / })).toBeInViewport();
      await expectNoSidewaysScroll(page);

      await page.goto('/urlaub/1');
      await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
      for (const tab of await page.getByRole('tab').all()) await expectInViewport(page, tab);
      const accept = page.getByRole('button', { name: `Urlaubsantrag von ${open.name} annehmen` }).first();
      const decline = page.getByRole('button', { name: `Urlaubsantrag von ${open.name} ablehnen` }).first();
      await expect(accept).toBeVisible();
      await expectInViewport(page, accept);
      await expectInViewport(page, decline);
      await expectNoSidewaysScroll(page);

      // The buttons work where they are: the confirmation opens and can be left.
      await accept.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/urlaub/4');
      await expect(page.getByRole('heading', { level: 1, name: 'Urlaubsübersicht' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Urlaubsübersicht' }).getByRole('row').nth(1)).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.goto('/krankmeldungen/2');
      await expect(page.getByRole('heading', { level: 1, name: 'Eingegangene Krankmeldungen' })).toBeVisible();
      await expect(page.getByText(/^\d+ Krankmeldung(en)?$/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      const edit = page.getByRole('button', { name: /^Krankmeldung von .+ bearbeiten$/ }).first();
      if ((await edit.count()) > 0) await expectInViewport(page, edit);
    } finally {
      await open.cleanUp();
    }
  });
});

/** The element's right edge lies inside the container's (nothing cut off by its overflow). */
async function expectWithin(target: Locator, container: Locator) {
  const box = (await target.boundingBox())!;
  const outer = (await container.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(outer.x);
  expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width);
}

/** The first open claim of the list the page loads: its number, state and customer. */
async function firstOpenClaim(page: Page, open: () => Promise<unknown>) {
  const answer = page.waitForResponse((r) => /\/api\/claims\/list\/0\?completed=false/.test(r.url()));
  await open();
  const { claims } = (await (await answer).json()) as { claims: { number: string; customerName: string; status: { name: string } | null }[] };
  expect(claims.length, 'the demo company has open claims').toBeGreaterThan(0);
  return claims[0]!;
}

test.describe('Bestand, Beanstandungen und Urlaub am Telefon (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('Der Lagerist sieht seine Urlaubszahlen ganz, zählt in der Karte und sieht Nummer, Status und Kunde einer Beanstandung', async ({ page }) => {
    await login(page, 'lagerist@example.com', undefined, '/dashboard');
    const vacation = page.getByRole('region', { name: /^Mein Urlaub/ });
    const values = vacation.getByRole('list', { name: 'Urlaubskonto' }).getByText(/^-?[\d,]+ Tage?$/);
    await expect(values).toHaveCount(4);
    for (const value of await values.all()) {
      await expectWithin(value, vacation);
      await expectInViewport(page, value);
    }

    await page.goto('/sortiment/bestand');
    const card = page.getByRole('list', { name: 'Artikel' }).getByRole('listitem').filter({ hasText: 'LA-1002' });
    // The first look at the list of fifty cards also runs the accessibility check.
    await expect(card.getByText('Eiche Weiß geölt')).toBeVisible({ timeout: 20_000 });
    const stock = card.getByRole('textbox', { name: 'Bestand LA-1002' });
    await expectInViewport(page, stock);
    await expectNoSidewaysScroll(page);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/article/updatestock') && r.ok());
    await stock.fill('23');
    await stock.press('Enter');
    await saved;
    await page.reload();
    await expect(page.getByRole('list', { name: 'Artikel' }).getByRole('textbox', { name: 'Bestand LA-1002' })).toHaveValue('23', { timeout: 20_000 });

    const claim = await firstOpenClaim(page, () => page.goto('/beanstandungen'));
    const claimCard = page.getByRole('list', { name: 'Offene Beanstandungen' }).getByRole('listitem').filter({ hasText: claim.number });
    for (const text of [claim.number, claim.status?.name ?? '–', claim.customerName || '–']) await expectInViewport(page, claimCard.getByText(text, { exact: true }).first());
    await expectNoSidewaysScroll(page);
  });
});

/** The table fits its box: nothing of it lies beyond the right edge, to be scrolled to. */
async function expectTableFits(table: Locator) {
  const overflow = await table.evaluate((t) => {
    const box = (t as unknown as { closest(s: string): { scrollWidth: number; clientWidth: number } | null }).closest('.mantine-ScrollArea-viewport');
    return box ? box.scrollWidth - box.clientWidth : -1;
  });
  expect(overflow, 'the table scrolls sideways by so many pixels').toBe(0);
}

test.describe('Tablet quer (1024 × 768)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('„Bestand“ bleibt auf dem Schirm; die Beanstandungen passen ohne Querscrollen', async ({ page }) => {
    await login(page, 'lagerist@example.com');
    await page.goto('/sortiment/bestand');
    const table = page.getByRole('table', { name: 'Artikel' });
    await expect(table.getByRole('columnheader', { name: 'Bestand' })).toBeVisible({ timeout: 20_000 });
    await expectTableFits(table);
    await expectInViewport(page, table.getByRole('columnheader', { name: 'Bestand' }));
    await expectInViewport(page, table.getByRole('textbox', { name: 'Bestand LA-1000' }));

    const claim = await firstOpenClaim(page, () => page.goto('/beanstandungen'));
    const claims = page.getByRole('table', { name: 'Offene Beanstandungen' });
    const row = claims.getByRole('row').filter({ hasText: claim.number });
    await expect(row).toBeVisible();
    await expectTableFits(claims);
    for (const text of [claim.number, claim.status?.name ?? '–', claim.customerName || '–']) await expectInViewport(page, row.getByText(text, { exact: true }).first());
  });

  test('Jeder Status einer Beanstandung steht ganz da, auch „Beim Hersteller“', async ({ page }) => {
    await login(page, 'verkauf@example.com');
    await firstOpenClaim(page, () => page.goto('/beanstandungen'));
    const claims = page.getByRole('table', { name: 'Offene Beanstandungen' });
    await expect(claims.getByText('Beim Hersteller', { exact: true })).toBeVisible();
    // A label cut to 'Beim …' is wider inside than its box.
    const cut = await claims.locator('.mantine-Badge-label').evaluateAll((labels) =>
      (labels as unknown as { scrollWidth: number; clientWidth: number; textContent: string | null }[]).filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
    );
    expect(cut).toEqual([]);
  });
});

test.describe('Navigation', () => {
  test('Zurück nach zweimal „Nächste Woche“ führt zur Woche davor, nicht zum Dashboard', async ({ page }) => {
    await login(page, 'filialleitung@example.com');
    await mainNavigation(page).getByRole('button', { name: 'An-/Abwesenheit' }).click();
    await mainNavigation(page).getByRole('link', { name: 'An-/Abwesenheiten' }).click();
    await expect(page).toHaveURL(/\/an-abwesenheit$/);
    const grid = page.getByRole('table', { name: /^An-\/Abwesenheiten KW/ });
    await expect(grid).toBeVisible();

    const monday = mondayOf(today);
    const next = page.getByRole('button', { name: 'Nächste Woche' });
    await next.click();
    await expect(page).toHaveURL(new RegExp(`datum=${addDays(monday, 7)}`));
    await next.click();
    await expect(page).toHaveURL(new RegExp(`datum=${addDays(monday, 14)}`));

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/an-abwesenheit\\?datum=${addDays(monday, 7)}$`));
    await expect(grid).toHaveAccessibleName(new RegExp(`^An-/Abwesenheiten KW ${isoWeek(addDays(monday, 7)).week} `));
    await expect(page.getByRole('textbox', { name: 'KW', exact: true })).toHaveValue(String(isoWeek(addDays(monday, 7)).week));
    await page.goBack();
    await expect(page).toHaveURL(/\/an-abwesenheit$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Jede Ansicht setzt den Seitentitel; der erste Besuch zeigt sofort das Laden', async ({ page }) => {
    await login(page, 'filialleitung@example.com');
    await expect(page).toHaveTitle('Dashboard – Filialportal');

    // The code of the vacation views comes slowly: the loader shows, not the dashboard.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/AbsenceRoutes-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await mainNavigation(page).getByRole('button', { name: 'An-/Abwesenheit' }).click();
    await mainNavigation(page).getByRole('link', { name: 'Urlaub' }).click();
    await expect(page.getByRole('status', { name: 'Wird geladen …' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
    await expect(page).toHaveTitle('Urlaub – Filialportal');

    await mainNavigation(page).getByRole('link', { name: 'Krankmeldungen' }).click();
    await expect(page).toHaveTitle('Krankmeldungen – Filialportal');
    await mainNavigation(page).getByRole('link', { name: 'An-/Abwesenheiten' }).click();
    await expect(page).toHaveTitle('An-/Abwesenheiten – Filialportal');
  });

  test('Der Link „Zum Inhalt springen“ ist der erste Halt der Tastatur und führt zum Inhalt', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/urlaub/1');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/urlaub\/1$/);
    // The next stop is inside the content, not the header or the menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!(globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } } }).document.activeElement.closest('main'))).toBe(true);
  });

  test('Hinter „Sitzung abgelaufen“ zeigt keine Liste einen falschen leeren Zustand', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/urlaub/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
    await apiSettled(page);
    const token = await storedToken(page);
    expect((await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);

    // The next view's list is refused: the alert shows, the list keeps loading behind it.
    await page.getByRole('tab', { name: 'Abgelehnt' }).click();
    await expect(page.getByRole('dialog').getByText(MSG.sessionExpired, { exact: true })).toBeVisible();
    await expect(page.getByText('Keine Anträge vorhanden')).toHaveCount(0);
    await expect(page.getByText('0 Anträge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible({ timeout: 6500 });
  });
});

/** The smallest hit area a finger is given (docs/decisions/web-beruehrungsflaechen.md). */
const TOUCH = 44;

/**
 * Every visible, enabled control of the main content and the header – or of the open dialog,
 * which covers them – whose hit area is smaller than TOUCH × TOUCH, as `tag "name" w×h`, or that
 * the window's edge cuts off. The hit
 * area of a control is the largest of its own box, its label (a checkbox's or switch's row) and
 * the field it sits in (the search field inside a multi-select). The one exception: a link inside
 * running text (WCAG 2.5.5).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((touch) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, untyped here
    const w = globalThis as any;
    const doc = w.document;
    const CONTROLS = [
      'button',
      'a[href]',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=combobox]',
      '[role=slider]',
    ].join(', ');
    const dialogs = [...doc.querySelectorAll('[role=dialog]')].filter((d) => d.getBoundingClientRect().width > 0);
    const roots = dialogs.length > 0 ? dialogs : [...doc.querySelectorAll('main, header')];
    const found: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll(CONTROLS)) {
        if (el.matches(':disabled, [aria-disabled=true]') || el.closest('[aria-hidden=true], [hidden], [inert]')) continue;
        if (w.getComputedStyle(el).visibility === 'hidden') continue;
        const inRunningText = el.matches('a[href]') && w.getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim();
        if (inRunningText) continue;
        const own = el.getBoundingClientRect();
        // Cut off by the window's edge (a crowded header), unless it scrolls inside a box of its own.
        const inScrollBox = (() => {
          for (let box = el.parentElement; box && box !== doc.body; box = box.parentElement) if (/auto|scroll/.test(w.getComputedStyle(box).overflowX)) return true;
          return false;
        })();
        if (!inScrollBox && own.width > 0 && (own.left < 0 || own.right > doc.documentElement.clientWidth + 0.5)) {
          found.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}" reicht über den Fensterrand (${Math.round(own.left)}–${Math.round(own.right)} px)`);
          continue;
        }
        const hosts = [el, el.closest('label'), el.id ? doc.querySelector(`label[for="${w.CSS.escape(el.id)}"]`) : null, el.parentElement?.closest('.mantine-Input-input, .mantine-SegmentedControl-control')];
        const boxes = hosts.filter(Boolean).map((h) => h.getBoundingClientRect());
        if (boxes.every((b) => b.width === 0 || b.height === 0)) continue;
        if (boxes.some((b) => b.width >= touch && b.height >= touch)) continue;
        const name = [el.getAttribute('aria-label'), el.labels?.[0]?.textContent, el.textContent, el.getAttribute('placeholder'), el.getAttribute('name')].map((n) => (n ?? '').trim()).find(Boolean)?.slice(0, 60) ?? '';
        found.push(`${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}" ${Math.round(own.width * 10) / 10}×${Math.round(own.height * 10) / 10}`);
      }
    }
    return found;
  }, TOUCH);
}

/** At phone width the page does not scroll sideways and every control is a full touch target. */
async function expectPhoneScreen(page: Page, screen: string) {
  await apiSettled(page);
  const width = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(width.scroll, `${screen}: die Seite scrollt seitwärts`).toBeLessThanOrEqual(width.client);
  expect(await smallTargets(page), `${screen}: Bedienelemente kleiner als ${TOUCH} × ${TOUCH} px`).toEqual([]);
}

test.describe('Tagesgeschäft am Telefon (390 × 844): kein Seitwärtsscrollen, Ziele ab 44 px', () => {
  test.use({ viewport: PHONE });

  test('Verkauf: Dashboard, eigene Aufgaben, Urlaubsantrag, Neuigkeiten, Beanstandungen und ihr Formular', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/dashboard');
    await expect(page.getByRole('region', { name: /^Meine Aufgaben/ }).getByRole('checkbox').first()).toBeVisible();
    await expectPhoneScreen(page, 'Dashboard');

    await page.goto('/aufgaben/eigene');
    await expect(page.getByRole('heading', { level: 1, name: 'Eigene Aufgaben' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /erledigt$/ }).first()).toBeVisible();
    await expectPhoneScreen(page, 'Eigene Aufgaben');

    await page.goto('/urlaub/antrag');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuer Urlaubsantrag' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Überstundenabbau' }).check();
    await expectPhoneScreen(page, 'Urlaubsantrag');

    await page.goto('/neuigkeiten');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuigkeiten' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Gefällt mir/ }).first()).toBeVisible();
    await expectPhoneScreen(page, 'Neuigkeiten');

    await firstOpenClaim(page, () => page.goto('/beanstandungen'));
    await expect(page.getByRole('list', { name: 'Offene Beanstandungen' }).getByRole('listitem').first()).toBeVisible();
    await expectPhoneScreen(page, 'Beanstandungen');

    await page.getByRole('button', { name: 'Neue Beanstandung' }).click();
    const form = page.getByRole('dialog', { name: 'Neue Beanstandung anlegen' });
    await expect(form.getByRole('tab', { name: 'Informationen' })).toBeVisible();
    await expectPhoneScreen(page, 'Beanstandung anlegen');
    await expectInViewport(page, form.getByRole('button', { name: 'Beanstandung anlegen' }));
  });

  test('Filialleitung: delegierte Aufgaben als Karten und das Formular einer neuen Aufgabe', async ({ page }) => {
    await login(page, 'filialleitung@example.com', undefined, '/aufgaben/delegiert');
    const open = page.getByRole('list', { name: 'Offene delegierte Aufgaben' });
    await expect(open.getByRole('listitem').first()).toBeVisible();
    await expectPhoneScreen(page, 'Delegierte Aufgaben');

    await page.getByRole('button', { name: 'Neue Aufgabe' }).click();
    const form = page.getByRole('dialog', { name: 'Neue Aufgabe' });
    await expect(form.getByRole('textbox', { name: 'Titel' })).toBeVisible();
    await form.getByRole('button', { name: 'Unteraufgabe hinzufügen' }).click();
    await expectPhoneScreen(page, 'Neue Aufgabe');
    await expectInViewport(page, form.getByRole('button', { name: 'Erstellen' }));
  });

  test('Lager: Bestandskarten mit änderbarem Bestand und der Scan-Dialog, „Bestand ändern“ bleibt in Reichweite', async ({ page }) => {
    await login(page, 'lagerist@example.com', undefined, '/sortiment/bestand');
    const articles = page.getByRole('list', { name: 'Artikel' });
    await expect(articles.getByRole('textbox', { name: 'Bestand LA-1000' })).toBeVisible({ timeout: 20_000 });
    await expectPhoneScreen(page, 'Bestand');

    // Far down the list of cards the button to scan is still on the screen.
    await articles.getByRole('listitem').last().scrollIntoViewIfNeeded();
    const change = page.getByRole('button', { name: 'Bestand ändern' });
    await expect(change).toBeInViewport();
    await change.click();
    const dialog = page.getByRole('dialog', { name: 'Bestand ändern' });
    await expect(dialog.getByRole('textbox', { name: 'EAN' })).toBeVisible();
    await expectPhoneScreen(page, 'Bestand ändern');
    await dialog.getByRole('switch', { name: 'Mit der Kamera scannen' }).check();
    await expectPhoneScreen(page, 'Bestand ändern mit Kamera');
  });
});
