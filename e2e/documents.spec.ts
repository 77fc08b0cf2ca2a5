import { expect } from '@playwright/test';
import { namesTakenQuestion } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import { login, mainNavigation, test } from './helpers.ts';

const FOLDER = 'Rundschreiben Filialleitung';
const LINK = 'rundschreiben-dezember';
const FOLDER_LINK = 'rundschreiben-ordner';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ mode: 'serial' });

test.describe('Dokumente', () => {
  test('Verwaltung legt einen Ordner nur für Filialleitung an, lädt ein PDF hoch und vergibt einen Kurzlink', async ({ page }) => {
    await login(page, 'verwaltung@example.com', undefined, '/dokumente');
    await expect(mainNavigation(page).getByRole('link', { name: 'Dokumente' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ordner Handbücher öffnen' })).toBeVisible();

    await page.getByRole('button', { name: 'Neuer Ordner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByText(MSG.folderNameRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(FOLDER);
    await dialog.getByRole('combobox', { name: 'Lesegruppen' }).click();
    await page.getByRole('option', { name: 'Filialleitung', exact: true }).click();
    // Close the group list (it covers the buttons).
    await dialog.getByRole('heading', { name: 'Neuer Ordner' }).click();
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Ordner ${FOLDER} öffnen` }).click();
    await expect(page.getByRole('navigation', { name: 'Ordnerpfad' })).toContainText(FOLDER);
    await expect(page.getByText('Dieser Ordner ist leer.')).toBeVisible();

    await page.getByRole('button', { name: 'Dokumente hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Dokumente hochladen' });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Dateien wählen' }).click();
    await (await chooser).setFiles({ name: 'Rundschreiben Dezember.pdf', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByRole('button', { name: 'Hochladen' }).click();
    await expect(upload).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Rundschreiben Dezember.pdf herunterladen' })).toBeVisible();

    await page.getByRole('button', { name: 'Aktionen für Rundschreiben Dezember.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Kurzlink' }).click();
    const link = page.getByRole('dialog', { name: /Kurzlink/ });
    await expect(link.getByRole('textbox', { name: 'Kurzlink' })).toHaveValue('Rundschreiben_Dezember');
    await link.getByRole('textbox', { name: 'Kurzlink' }).fill('Rundschreiben Dezember!');
    await link.getByRole('button', { name: 'Speichern' }).click();
    await expect(link.getByText(MSG.shortLinkInvalid)).toBeVisible();
    await link.getByRole('textbox', { name: 'Kurzlink' }).fill(LINK);
    await expect(link.getByText(`/sl/${LINK}`)).toBeVisible();
    await link.getByRole('button', { name: 'Speichern' }).click();
    await expect(link).toBeHidden();

    // A second file of the same name: the upload asks first, and cancelling keeps the folder as it was.
    await page.getByRole('button', { name: 'Dokumente hochladen' }).click();
    const again = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Dateien wählen' }).click();
    await (await again).setFiles({ name: 'rundschreiben dezember.PDF', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByRole('button', { name: 'Hochladen' }).click();
    const question = page.getByRole('dialog', { name: 'Datei schon vorhanden' });
    await expect(question.getByText(namesTakenQuestion(['Rundschreiben Dezember.pdf']))).toBeVisible();
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(question).toBeHidden();
    await expect(upload.getByText('rundschreiben dezember.PDF')).toBeVisible();
    await upload.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(upload).toBeHidden();
    await expect(page.getByRole('button', { name: /herunterladen$/ })).toHaveCount(1);

    // The folder gets a link of its own.
    await page.getByRole('navigation', { name: 'Ordnerpfad' }).getByRole('link', { name: 'Dokumente' }).click();
    await page.getByRole('button', { name: `Aktionen für ${FOLDER}` }).click();
    await page.getByRole('menuitem', { name: 'Kurzlink' }).click();
    await link.getByRole('textbox', { name: 'Kurzlink' }).fill(FOLDER_LINK);
    await link.getByRole('button', { name: 'Speichern' }).click();
    await expect(link).toBeHidden();
  });

  test('Filialleitung öffnet den Kurzlink und bekommt die Datei', async ({ page }) => {
    await login(page, 'filialleitung@example.com');
    const [download] = await Promise.all([page.waitForEvent('download'), page.goto(`/sl/${LINK}`)]);
    expect(download.suggestedFilename()).toBe('Rundschreiben Dezember.pdf');
    await expect(page).not.toHaveURL(/\/sl\//);
    await page.goto('/dokumente');
    await expect(page.getByRole('button', { name: `Ordner ${FOLDER} öffnen` })).toBeVisible();
  });

  test('Verkauf sieht den Ordner nicht und bekommt die Datei auch über den Kurzlink nicht', async ({ page }) => {
    await login(page, 'verkauf@example.com', undefined, '/dokumente');
    await expect(page.getByRole('button', { name: 'Ordner Handbücher öffnen' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Ordner ${FOLDER} öffnen` })).toHaveCount(0);
    // The search looks inside the files too: the handbook by a word of its text, with the passage.
    const search = page.getByRole('textbox', { name: 'Suche' });
    await search.fill('Wechselgeld');
    await expect(page.getByRole('button', { name: 'Kassenhandbuch.pdf herunterladen' })).toContainText('dienstags bei der Zentrale');
    await expect(page.getByText('1 Dokument', { exact: true })).toBeVisible();
    await search.fill('Rundschreiben');
    await expect(page.getByText('Keine Treffer.')).toBeVisible();
    await page.goto(`/sl/${LINK}`);
    await expect(page.getByText(MSG.documentUnknown)).toBeVisible();
    // The folder's link says it is not for them – not that it is gone, and not what it is called.
    await page.goto(`/slf/${FOLDER_LINK}`);
    await expect(page.getByText(MSG.folderNotForYou)).toBeVisible();
    await expect(page.getByText(FOLDER)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dokumente$/);
    await page.goto('/slf/gibt-es-nicht');
    await expect(page.getByText(MSG.folderUnknown)).toBeVisible();
  });
});

test.describe('Ordnerauswahl', () => {
  test('Verwaltung wählt den Ort eines Ordners im Baum, der beim Öffnen nachlädt, und verschiebt ihn über die Namenssuche', async ({ page }) => {
    await login(page, 'verwaltung@example.com', undefined, '/dokumente');
    await page.getByRole('button', { name: 'Neuer Ordner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Aushänge');
    const place = dialog.getByRole('button', { name: 'Liegt in', exact: true });
    await expect(place).toContainText('Dokumente (oberste Ebene)');
    await place.click();
    const picker = page.getByRole('dialog', { name: 'Liegt in: Ordner wählen' });
    // First the top level only; a branch's folders load when it is opened.
    await expect(picker.getByRole('button', { name: 'Handbücher', exact: true })).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Filiale Köln' })).toHaveCount(0);
    // HR's folder is shown on the way but takes no folders from the office.
    await expect(picker.getByRole('button', { name: 'Personal vertraulich' })).toBeDisabled();
    await picker.getByRole('button', { name: 'Unterordner von Filialen zeigen' }).click();
    await picker.getByRole('button', { name: 'Filiale Köln' }).click();
    await expect(picker).toBeHidden();
    await expect(place).toContainText('Filialen / Filiale Köln');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Ordner Filialen öffnen' }).click();
    await page.getByRole('button', { name: 'Ordner Filiale Köln öffnen' }).click();
    await page.getByRole('button', { name: 'Aktionen für Aushänge' }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Ordner bearbeiten' });
    const editPlace = edit.getByRole('button', { name: 'Liegt in', exact: true });
    await expect(editPlace).toContainText('Filialen / Filiale Köln');
    await editPlace.click();
    // Opened on the chosen folder: the levels down to it are there.
    await expect(picker.getByRole('treeitem', { name: 'Filiale Köln', selected: true })).toBeVisible();
    await picker.getByRole('textbox', { name: 'Ordner suchen' }).fill('Hamburg');
    await picker.getByRole('list', { name: 'Gefundene Ordner' }).getByRole('button', { name: /Filiale Hamburg/ }).click();
    await expect(editPlace).toContainText('Filialen / Filiale Hamburg');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ordner Aushänge öffnen' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Ordnerpfad' }).getByRole('link', { name: 'Filialen' }).click();
    await page.getByRole('button', { name: 'Ordner Filiale Hamburg öffnen' }).click();
    await expect(page.getByRole('button', { name: 'Ordner Aushänge öffnen' })).toBeVisible();
  });
});
