import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@filialportal/core/messages';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('global settings', () => {
  it('reads the settings and saves the spreadsheet link with the assortment right', async () => {
    const read = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/globalsettings' })).json().globalSettings;
    expect(read).toMatchObject({ sortimentSheetUrl: '' });
    const refused = await t.as(await t.login('verkauf@example.com'), {
      method: 'PUT',
      url: `/api/globalsettings/${read.id}`,
      payload: { globalSettings: { sortimentSheetUrl: 'https://example.com/x' } },
    });
    expect(refused.statusCode).toBe(403);
    const admin = await t.login('admin@example.com');
    const bad = await t.as(admin, { method: 'PUT', url: `/api/globalsettings/${read.id}`, payload: { globalSettings: { sortimentSheetUrl: 'javascript:alert(1)' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.sheetUrlInvalid);
    const ok = await t.as(admin, { method: 'PUT', url: `/api/globalsettings/${read.id}`, payload: { globalSettings: { sortimentSheetUrl: 'https://docs.example.com/sheet' } } });
    expect(ok.json().globalSettings.sortimentSheetUrl).toBe('https://docs.example.com/sheet');
  });
});
