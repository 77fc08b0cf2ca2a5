import { expect } from '@playwright/test';
import { login, test } from './helpers.ts';

/**
 * Calendar subscriptions as a person uses them: in the own settings an address for the own
 * absences (shown once, to copy into the phone's calendar), fetched as iCalendar, then revoked.
 */
test('Kalender-Abo anlegen, abrufen und widerrufen', async ({ page, request }) => {
  await login(page, 'filialleitung@example.com', undefined, '/benutzereinstellungen');
  const section = page.getByRole('region', { name: 'Kalender-Abos' });
  await expect(section.getByText('Noch kein Kalender-Abo.')).toBeVisible();

  // The branch's absences: who is away at Filiale Köln.
  await section.getByRole('combobox', { name: 'Inhalt' }).click();
  await page.getByRole('option', { name: 'Abwesenheiten Filiale Köln' }).click();
  await section.getByRole('button', { name: 'Abo-Adresse erstellen' }).click();
  const address = section.getByRole('textbox', { name: 'Abo-Adresse' });
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();

  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await feed.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain('X-WR-CALNAME:Filialportal – Abwesenheiten Filiale Köln');

  await section.getByRole('button', { name: 'Fertig' }).click();
  await expect(address).toHaveCount(0);
  const row = section.getByRole('row', { name: /Abwesenheiten Filiale Köln/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Abo „Abwesenheiten Filiale Köln“ widerrufen' }).click();
  await page.getByRole('dialog', { name: 'Kalender-Abo widerrufen?' }).getByRole('button', { name: 'Widerrufen' }).click();
  await expect(section.getByText('Noch kein Kalender-Abo.')).toBeVisible();
  expect((await request.get(new URL(url).pathname)).status()).toBe(404);
});
