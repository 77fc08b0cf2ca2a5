import '@filialportal/core/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allProblems, changedFields, combineProblems, errorsAfterChange, errorsMessage, fileProblems, firstProblemOf, FORM_MESSAGE, stillFailing } from './form-problem.ts';
import { typedValue } from './typed-date.ts';
import { MSG } from '@filialportal/core/messages';
import { NEWS_FILE_MAX_BYTES, ZNewsFileChoice } from '@filialportal/core/news';
import { ZCreateTaskRequest } from '@filialportal/core/tasks';

describe('every problem of a form at once', () => {
  it('names each failing field with its first message; the recipients rule beside a missing title and date', () => {
    expect(allProblems(ZCreateTaskRequest, { title: ' ', deadline: '', teams: [], locations: [], users: [] })).toEqual({
      title: MSG.taskTitleRequired,
      deadline: MSG.taskDateRequired,
      users: MSG.taskRecipientsRequired,
    });
    expect(allProblems(ZCreateTaskRequest, { title: 'Inventur', deadline: '2030-01-01', teams: ['Verkauf'] })).toEqual({});
  });

  it('renames schema keys to form fields and keeps rules of no field apart', () => {
    const schema = z.object({ password: z.string().min(6, 'zu kurz'), name: z.string().min(2, 'Name fehlt') }).refine((v) => v.name !== v.password, 'gleich');
    expect(allProblems(schema, { password: '1', name: '' }, { password: ['password', 'passwordRepeat'] })).toEqual({ password: 'zu kurz', passwordRepeat: 'zu kurz', name: 'Name fehlt' });
    expect(allProblems(schema, { password: 'abcdef', name: 'abcdef' })).toEqual({ [FORM_MESSAGE]: 'gleich' });
  });

  it('lists each message once, one per line', () => {
    expect(errorsMessage({ teams: 'a', users: 'a', title: 'b' })).toBe('a\nb');
    expect(errorsMessage({})).toBeNull();
  });
});

describe('one problem at a time', () => {
  it('names the first failing rule on every field that fails with it', () => {
    expect(firstProblemOf({ title: 'a', teams: 'b', users: 'b' })).toEqual({ title: 'a' });
    expect(firstProblemOf({ teams: 'b', users: 'b', title: 'a' })).toEqual({ teams: 'b', users: 'b' });
    expect(firstProblemOf({})).toEqual({});
  });

  it('takes the listed fields first, in their order', () => {
    expect(firstProblemOf({ title: 'a', date: 'zu früh' }, ['date', 'title'])).toEqual({ date: 'zu früh' });
    expect(firstProblemOf({ title: 'a', file: 'zu groß' }, ['date'])).toEqual({ title: 'a' });
  });

  it('after a change keeps only what was shown and still fails', () => {
    expect(stillFailing({ text: 'Text fehlt', date: 'Datum fehlt' }, { title: 'Titel fehlt' })).toEqual({});
    expect(stillFailing({ title: 'zu lang', text: 'Text fehlt' }, { title: 'Titel fehlt' })).toEqual({ title: 'zu lang' });
  });
});

describe('rules beside the schema', () => {
  it('combines checks in order; a field keeps its first message', () => {
    expect(combineProblems({ date: 'fehlt' }, { date: 'zu früh', file: 'zu groß' })).toEqual({ date: 'fehlt', file: 'zu groß' });
    expect(Object.keys(combineProblems({ title: 'a' }, { date: 'b' }, { file: 'c' }))).toEqual(['title', 'date', 'file']);
  });

  it("checks a chosen file's name and size by the core's rule, on the file's field", () => {
    expect(fileProblems('file', ZNewsFileChoice, null)).toEqual({});
    expect(fileProblems('file', ZNewsFileChoice, { name: 'foto.heic', size: 1000 })).toEqual({});
    expect(fileProblems('file', ZNewsFileChoice, { name: 'liste.docx', size: NEWS_FILE_MAX_BYTES + 1 })).toEqual({ file: MSG.newsFileType });
    expect(fileProblems('file', ZNewsFileChoice, { name: 'film.mov', size: NEWS_FILE_MAX_BYTES + 1 })).toEqual({ file: MSG.newsFileTooLarge });
  });
});

describe('a checked form after a change', () => {
  it('drops a fixed field at once and keeps the others', () => {
    const now = { deadline: MSG.taskDateRequired };
    expect(errorsAfterChange(now, {}, ['title'])).toEqual(now);
  });

  it("keeps the server's refusal on the fields that did not change, and a refusal of no field until the next save", () => {
    const refusal = { name: 'Name vergeben', [FORM_MESSAGE]: 'Ein Fehler ist aufgetreten' };
    expect(errorsAfterChange({}, refusal, ['city'])).toEqual(refusal);
    expect(errorsAfterChange({}, refusal, ['name'])).toEqual({ [FORM_MESSAGE]: 'Ein Fehler ist aufgetreten' });
  });

  it('finds the changed fields', () => {
    const teams = ['Verkauf'];
    expect(changedFields({ title: 'a', teams, deadline: null }, { title: 'a', teams, deadline: '2030-01-01' })).toEqual(['deadline']);
    expect(changedFields({ teams: ['Verkauf'] }, { teams })).toEqual(['teams']);
  });
});

describe('the text of a date field', () => {
  it('is a date, nothing, or says why not, also outside min and max', () => {
    expect(typedValue('1.12.26')).toEqual({ date: '2026-12-01', problem: null });
    expect(typedValue('')).toEqual({ date: null, problem: null });
    expect(typedValue('31.02.2026')).toEqual({ date: null, problem: MSG.dateTypedInvalid });
    expect(typedValue('30.11.2026', '2026-12-01')).toEqual({ date: null, problem: 'Das Datum darf nicht vor dem 01.12.2026 liegen.' });
    expect(typedValue('1.1.2027', '2026-12-01', '2026-12-31')).toEqual({ date: null, problem: 'Das Datum darf nicht nach dem 31.12.2026 liegen.' });
    expect(typedValue('01.12.2026', '2026-12-01', '2026-12-01')).toEqual({ date: '2026-12-01', problem: null });
  });
});
