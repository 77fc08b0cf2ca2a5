import { expect, type Locator, type Page } from '@playwright/test';
import { MSG } from '@filialportal/core/messages';
import { demoEan, login, test } from './helpers.ts';

/** A colleague of the demo company with a phone number (server/src/seed/demo.ts): Köln, like Verkauf. */
const COLLEAGUE = { name: 'Emma Zimmermann', lastName: 'Zimmermann', phone: '0221 4286', tel: 'tel:02214286' };
/** A second Zimmermann (Dortmund): the arrow keys have somewhere to go. */
const OTHER = 'Rieke Zimmermann';
/** The demo assortment's first article and its EAN. */
const ARTICLE = { number: 'LA-1000', ean: demoEan(1) };

const SIZES = [
  { name: 'Desktop (1280 × 800)', viewport: { width: 1280, height: 800 } },
  { name: 'Telefon (390 × 844)', viewport: { width: 390, height: 844 } },
];

function searchDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Suche' });
}

function searchField(page: Page) {
  return searchDialog(page).getByRole('combobox', { name: 'Suche im Portal' });
}

/** A group of the results under its German heading ('Artikel', '3 Treffer' beside it). */
function group(page: Page, label: string) {
  return searchDialog(page).getByRole('rowgroup', { name: new RegExp(`^${label}`) });
}

/** Moves the active hit down until `hit` is it (the input names it as its active descendant). */
async function arrowDownTo(page: Page, hit: Locator) {
  for (let i = 0; i < 40 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await expect(searchField(page)).toHaveAttribute('aria-activedescendant', (await hit.getAttribute('id'))!);
}

/** The stock list's entry of an article: a table row, or on a phone a card. */
function stockEntry(page: Page, number: string) {
  return page
    .getByRole('table', { name: 'Artikel' })
    .getByRole('row')
    .or(page.getByRole('list', { name: 'Artikel' }).getByRole('listitem'))
    .filter({ hasText: number });
}

for (const { name, viewport } of SIZES) {
  test.describe(`Suche im Kopf, ${name}`, () => {
    test.use({ viewport });

    test('„/“ öffnet die Suche: eine Kollegin mit Telefonnummer, dann ein Artikel per EAN bis in den Bestand', async ({ page }) => {
      await login(page, 'verkauf@example.com');

      await page.keyboard.press('/');
      // Typed at once, before the dialog is there: the letter still lands in the field.
      await page.keyboard.type('Z');
      await expect(searchDialog(page)).toBeVisible();
      await expect(searchField(page)).toBeFocused();
      await expect(searchField(page)).toHaveValue('Z');
      // Below two characters a hint, no request.
      await expect(searchDialog(page)).toContainText(MSG.searchTooShort);

      await searchField(page).fill(COLLEAGUE.lastName);
      const people = group(page, 'Kolleginnen und Kollegen');
      const colleague = people.getByRole('gridcell').filter({ hasText: COLLEAGUE.name });
      await expect(colleague).toBeVisible();
      await expect(colleague.getByRole('link', { name: COLLEAGUE.phone, exact: true })).toHaveAttribute('href', COLLEAGUE.tel);
      await expect(people.getByRole('columnheader')).toContainText('Treffer');
      // The arrow keys move the active hit, the field keeps the focus.
      const other = people.getByRole('gridcell').filter({ hasText: OTHER });
      await arrowDownTo(page, other);
      await page.keyboard.press('ArrowUp');
      await expect(other).toHaveAttribute('aria-selected', 'false');
      await expect(searchField(page)).toBeFocused();

      await searchField(page).fill(ARTICLE.ean);
      const article = group(page, 'Artikel').getByRole('gridcell').filter({ hasText: ARTICLE.number });
      await expect(article).toContainText(ARTICLE.ean);
      await expect(article).toContainText(/Bestand: \d+|kein Bestand/);
      await arrowDownTo(page, article);
      await page.keyboard.press('Enter');

      await expect(searchDialog(page)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/sortiment/bestand\\?sortiment=[^&]+&nummer=${ARTICLE.number}$`));
      await expect(stockEntry(page, ARTICLE.number)).toBeVisible({ timeout: 20_000 });
      await expect(stockEntry(page, 'LA-1001')).toHaveCount(0);
    });

    test('Strg+K öffnet die Suche, Escape schließt sie; keine Treffer, die Meldung des Servers, Enter gleich nach der EAN', async ({ page }) => {
      await login(page, 'verkauf@example.com');

      await page.keyboard.press('Control+K');
      await expect(searchField(page)).toBeFocused();
      await searchField(page).fill('Qxzqvjw');
      await expect(searchDialog(page)).toContainText('Keine Treffer für „Qxzqvjw“');
      // A refused query shows the server's German message.
      await searchField(page).fill('x'.repeat(101));
      await expect(searchDialog(page).getByRole('alert')).toContainText(MSG.searchTooLong);
      await page.keyboard.press('Escape');
      await expect(searchDialog(page)).toBeHidden();

      // The header's own button (on a phone the magnifier) opens it again, with the last term.
      await page.getByRole('banner').getByRole('button', { name: viewport.width < 576 ? 'Portal durchsuchen' : /^Suchen/ }).click();
      await expect(searchField(page)).toBeFocused();
      await expect(searchField(page)).toHaveValue('x'.repeat(101));

      // A barcode scanner types the EAN and Enter at once: the article of that EAN opens, once its answer is there.
      await searchField(page).fill(ARTICLE.ean);
      await page.keyboard.press('Enter');
      await expect(searchDialog(page)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/sortiment/bestand\\?sortiment=[^&]+&nummer=${ARTICLE.number}$`));
      await expect(stockEntry(page, ARTICLE.number)).toBeVisible({ timeout: 20_000 });
    });
  });
}
