import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/**
 * The exports open in LibreOffice: each file is converted to CSV by `soffice --headless` and the
 * CSV read back. Runs where LibreOffice is installed (apt-get install libreoffice-calc-nogui).
 */
const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => fs.existsSync(p));

describe.skipIf(!soffice)('XLSX exports in LibreOffice', () => {
  let t: TestContext;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-xlsx-'));
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function toCsv(name: string, bytes: Buffer): string[][] {
    const file = path.join(dir, `${name}.xlsx`);
    fs.writeFileSync(file, bytes);
    execFileSync(soffice!, ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, file], { stdio: 'pipe', timeout: 120_000 });
    return parseCsv(fs.readFileSync(path.join(dir, `${name}.csv`), 'utf8'));
  }

  /** RFC 4180 CSV: quoted fields may hold commas and doubled quotes. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(cell);
        cell = '';
      } else if (c === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
      } else if (c !== '\r') cell += c;
    }
    if (cell || row.length) {
      row.push(cell);
      rows.push(row);
    }
    return rows;
  }

  it('opens the user export with German headers, dates and literal formula text', async () => {
    await t.db.update(users).set({ phone: '=1+1' }).where(eq(users.email, 'personalleitung@example.com'));
    const token = await t.login('admin@example.com');
    const res = await t.as(token, { method: 'POST', url: '/api/export-users?userSearch=personalleitung' });
    const rows = toCsv('benutzer', res.rawPayload);
    expect(rows[0]).toContain('Personalnummer');
    const phone = rows[0]!.indexOf('Telefon');
    expect(rows[1]![phone]).toBe('=1+1');
    const created = rows[0]!.indexOf('Angelegt am');
    expect(rows[1]![created]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  }, 180_000);

  it('opens the special appointments export with real date cells', async () => {
    const token = await t.login('admin@example.com');
    const res = await t.as(token, { method: 'POST', url: '/api/export-special-appointments?oldList=1' });
    const rows = toCsv('sondertermine', res.rawPayload);
    expect(rows[0]).toEqual(['Titel', 'Von', 'Bis', 'Standorte']);
    expect(rows[1]![1]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  }, 180_000);

  it('opens the read-confirmation export of a news item with names, locations and confirmation times', async () => {
    const token = await t.login('personalleitung@example.com');
    const list = (await t.as(token, { method: 'GET', url: '/api/news/list/0?view=Personal' })).json() as { news: { id: string; requiresConfirmation: boolean }[] };
    const notice = list.news.find((n) => n.requiresConfirmation)!;
    const res = await t.as(token, { method: 'POST', url: `/api/news/${notice.id}/confirmations/export` });
    const rows = toCsv('lesebestaetigungen', res.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Standort', 'Bestätigt', 'Bestätigt am']);
    const confirmed = rows.slice(1).filter((r) => r[2] === 'Ja');
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed[0]![3]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(rows.slice(1).some((r) => r[2] === 'Nein' && r[3] === '')).toBe(true);
  }, 180_000);

  it('opens the article export of a demo category with numbers, prices as numbers and the stock of the location', async () => {
    const token = await t.login('filialleitung@example.com');
    const category = ((await t.as(token, { method: 'GET', url: '/api/category/list/0' })).json() as { categories: { id: string; name: string }[] }).categories.find((c) => c.name === 'Laminat')!;
    const me = (await t.as(token, { method: 'GET', url: '/api/user' })).json() as { user: { location: { id: string } } };
    const rows = toCsv('artikel', (await t.as(token, { method: 'POST', url: `/api/export/${category.id}/null/null/null/0/50?location=${me.user.location.id}` })).rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['Nummer', 'EAN', 'Sortiment', 'Hersteller']);
    const first = rows[1]!;
    expect(first[0]).toBe('LA-1000');
    // The EAN stays text (13 digits, no exponent); the price is a number cell.
    expect(first[1]).toMatch(/^\d{13}$/);
    expect(first[rows[0]!.indexOf('Preis')]).toMatch(/^\d+(\.\d+)?$/);
    expect(first[rows[0]!.indexOf('Bestand Standort')]).toMatch(/^\d+$/);
    expect(rows.length - 1).toBeGreaterThan(30);
  }, 180_000);

  it('opens the claims export of all locations with numbers, dates, types and booking', async () => {
    const token = await t.login('buchhaltung@example.com');
    const rows = toCsv('beanstandungen', (await t.as(token, { method: 'POST', url: '/api/exportclaim/all' })).rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['Nummer', 'Datum', 'Art', 'Standort']);
    const body = rows.slice(1);
    expect(body.length).toBeGreaterThan(10);
    expect(body[0]![0]).toMatch(/^\d{4}-\d{4}$/);
    expect(body[0]![1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(new Set(body.map((r) => r[2]))).toEqual(new Set(['Kundenware', 'Lagerware', 'Speditionsschaden']));
    const booked = rows[0]!.indexOf('Bestandskorrektur gebucht');
    expect(body.some((r) => r[booked] === 'Ja') && body.some((r) => r[booked] === 'Nein')).toBe(true);
    expect(body.map((r) => r[0])).toEqual([...body.map((r) => r[0]!)].sort());
  }, 180_000);

  it('opens the participant list of the full demo training with its states and the overview with a column per slot', async () => {
    const token = await t.login('personalleitung@example.com');
    const list = (await t.as(token, { method: 'GET', url: '/api/training/list/0/0?category=Schulungen' })).json() as { trainings: { id: string; title: string; date: string }[] };
    const full = list.trainings.find((x) => x.title === 'Klick-Vinyl richtig verlegen')!;
    const rows = toCsv('teilnehmer', (await t.as(token, { method: 'POST', url: `/api/exporttraining/${full.id}` })).rawPayload);
    expect(rows[0]).toEqual(['Nachname', 'Vorname', 'Standort', 'Gruppe', 'Status', 'Bestätigt von', 'Bestätigt am', 'Erschienen']);
    // Those with a place by name, the waiting list last.
    expect(rows.slice(1).map((r) => r[4]).sort()).toEqual(['Angefragt', 'Genehmigt', 'Warteliste']);
    expect(rows.at(-1)![4]).toBe('Warteliste');
    expect(rows.find((r) => r[4] === 'Genehmigt')![6]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    const overview = toCsv('uebersicht', (await t.as(token, { method: 'POST', url: `/api/exporttrainingoverview/all?year=${full.date.slice(0, 4)}` })).rawPayload);
    expect(overview[0]!.slice(0, 4)).toEqual(['Titel', 'Datum', 'Uhrzeit', 'Teilnehmer 1']);
    const row = overview.find((r) => r[0] === 'Klick-Vinyl richtig verlegen')!;
    expect(row[1]).toBe(`${full.date.slice(8, 10)}.${full.date.slice(5, 7)}.${full.date.slice(0, 4)}`);
    expect(row[3]).toMatch(/, /);
  }, 180_000);
});
