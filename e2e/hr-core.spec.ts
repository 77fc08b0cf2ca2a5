import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, pickDate, test } from './helpers.ts';

/**
 * The HR core as approvers and HR use it: the quota warning of a request in a later year, the
 * decline with a reason, and sickness during approved vacation credited back (§ 9 BUrlG).
 * Greta Wolf (verkauf@) asks two years ahead, where the demo has no vacation of hers yet.
 */
const thisYear = Number(new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date()));
const LATER = thisYear + 2;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const german = (iso: string) => iso.split('-').reverse().join('.');
const mondayFrom = (iso: string) => {
  let d = iso;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
  return d;
};
/** Half a year of vacation: more than any account holds. */
const LONG = { start: mondayFrom(`${LATER}-01-04`), end: `${LATER}-06-30` };
/** A week in September (no public holiday in NW). */
const WEEK = { start: mondayFrom(`${LATER}-09-01`), end: addDays(mondayFrom(`${LATER}-09-01`), 4) };

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/token', { data: { username: email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** Greta asks for a period through the API; returns the request's id. */
async function ask(request: APIRequestContext, period: { start: string; end: string }): Promise<string> {
  const token = await tokenOf(request, 'verkauf@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/user', { headers })).json()) as { user: { id: string } };
  const res = await request.post('/api/appointment', { headers, data: { appointment: { userId: me.user.id, startDate: period.start, endDate: period.end } } });
  expect([200, 224]).toContain(res.status());
  return ((await res.json()) as { appointment: { id: string } }).appointment.id;
}

const gretaRow = (page: Page, period: { start: string; end: string }) =>
  page.getByRole('row', { name: /Wolf, Greta/ }).filter({ hasText: `${german(period.start)} –` }).filter({ hasText: german(period.end) });

test.describe.configure({ mode: 'serial' });

test.describe('Urlaubskonto für Genehmigende und Personalleitung', () => {
  test('Filialleitung sieht die Warnung mit beiden Zahlen und lehnt mit Begründung ab', async ({ page, request }) => {
    await ask(request, LONG);
    await login(page, 'filialleitung@example.com', undefined, `/urlaub/1?jahr=${LATER}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
    const row = gretaRow(page, LONG);
    await expect(row).toBeVisible();
    const icon = row.getByRole('img', { name: new RegExp(`^Offene Anträge ${LATER}: [\\d.,]+ Tage?, Resturlaub ${LATER}: -?[\\d.,]+ Tage?$`) });
    await expect(icon).toBeVisible();
    const warning = (await icon.getAttribute('aria-label'))!;
    const [open, remaining] = [...warning.matchAll(/(-?[\d.,]+) Tage?/g)].map((m) => Number(m[1]!.replace('.', '').replace(',', '.')));
    expect(open).toBeGreaterThan(remaining!);
    await icon.hover();
    await expect(page.getByRole('tooltip')).toHaveText(warning);

    await row.getByRole('button', { name: /ablehnen$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Urlaubsantrag ablehnen' });
    await expect(dialog.getByText(warning)).toBeVisible();
    await dialog.getByLabel('Begründung (optional)').fill('Inventur im ersten Halbjahr');
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(page.getByText('Urlaubsantrag von Greta Wolf abgelehnt')).toBeVisible();

    await page.goto(`/urlaub/5?jahr=${LATER}`);
    await expect(gretaRow(page, LONG).getByText('Begründung: Inventur im ersten Halbjahr')).toBeVisible();
  });

  test('Eine Krankmeldung im genehmigten Urlaub schreibt die Tage gut; beide Listen zeigen es', async ({ page, request }) => {
    const id = await ask(request, WEEK);
    const hr = await tokenOf(request, 'personalleitung@example.com');
    expect((await request.put(`/api/updateabsence/${id}/1`, { headers: { authorization: `Bearer ${hr}` } })).ok()).toBe(true);

    await login(page, 'personalleitung@example.com', undefined, '/krankmeldungen/2');
    await page.getByRole('button', { name: 'Neue Krankmeldung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Krankmeldung' });
    await dialog.getByLabel('Mitarbeiter').fill('Wolf');
    await page.getByRole('option', { name: 'Wolf, Greta' }).click();
    await pickDate(page, dialog.getByRole('textbox', { name: 'Von', exact: true }), addDays(WEEK.start, 1));
    await pickDate(page, dialog.getByRole('textbox', { name: 'Bis', exact: true }), addDays(WEEK.start, 2));
    // The hint before saving: the vacation and the two days.
    const hint = dialog.getByRole('status').filter({ hasText: 'Krank während genehmigtem Urlaub' });
    await expect(hint).toContainText(`Urlaub ${german(WEEK.start)} – ${german(WEEK.end)}: 2 Urlaubstage werden wegen Krankheit gutgeschrieben`);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(page.getByText('Krankmeldung erstellt')).toBeVisible();

    await page.goto(`/krankmeldungen/4?jahr=${LATER}`);
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    const sick = page.getByRole('row', { name: /Wolf, Greta/ }).filter({ hasText: german(addDays(WEEK.start, 1)) });
    await expect(sick.getByText('2 Tage wegen Krankheit gutgeschrieben')).toBeVisible();

    await page.goto(`/urlaub/2?jahr=${LATER}`);
    await page.getByLabel('Suche Mitarbeiter').fill('Wolf');
    await expect(gretaRow(page, WEEK).getByText('2 Tage wegen Krankheit gutgeschrieben')).toBeVisible();
  });
});
