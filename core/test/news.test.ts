import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.ts';
import { DASHBOARD_TEXT_CHARS, htmlToText, monthsBefore, NEWS_FILE_MAX_BYTES, newsDateTooEarly, newsFileExtension, teaser, ZNewsFileChoice } from '../src/news.ts';

describe('monthsBefore', () => {
  it.each([
    ['2026-07-31', 5, '2026-02-28'],
    ['2028-07-31', 5, '2028-02-29'],
    ['2026-03-15', 3, '2025-12-15'],
    ['2026-01-31', 13, '2024-12-31'],
  ])('%s minus %i months is %s', (day, months, expected) => expect(monthsBefore(day, months)).toBe(expected));
});

describe('htmlToText', () => {
  it('drops tags, keeps words apart at line breaks and decodes the common entities', () => {
    expect(htmlToText('<p>Neue&nbsp;Preise</p><p>ab <b>Montag</b><br>für &quot;Eiche&quot; &amp; Buche &lt;3</p>')).toBe('Neue Preise ab Montag für "Eiche" & Buche <3');
  });

  it('is empty for markup without text', () => expect(htmlToText('<p><br></p>')).toBe(''));
});

describe('teaser', () => {
  it('keeps a short text whole and cuts a long one with an ellipsis', () => {
    expect(teaser('<p>Kurz</p>')).toBe('Kurz');
    const long = teaser(`<p>${'Wort '.repeat(100)}</p>`);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(DASHBOARD_TEXT_CHARS + 1);
  });
});

describe('newsFileExtension', () => {
  it.each([
    ['Foto.HEIC', 'heic'],
    ['clip.mov.qt', 'mov'],
    ['Aushang.pdf', 'pdf'],
  ])('%s is %s', (name, ext) => expect(newsFileExtension(name)).toBe(ext));

  it.each(['setup.exe', 'Bild.gif', 'pdf'])('%s is not an attachment', (name) => expect(newsFileExtension(name)).toBeNull());
});

describe('newsDateTooEarly', () => {
  it('allows five months back to the day, and an older date the item already has', () => {
    expect(newsDateTooEarly('2026-02-28', '2026-07-31')).toBe(false);
    expect(newsDateTooEarly('2026-02-27', '2026-07-31')).toBe(true);
    expect(newsDateTooEarly('2025-12-01', '2026-07-31', '2025-12-01')).toBe(false);
    expect(newsDateTooEarly('2025-12-02', '2026-07-31', '2025-12-01')).toBe(true);
  });
});

describe('ZNewsFileChoice', () => {
  const messages = (file: { name: string; size: number } | null) => {
    const result = ZNewsFileChoice.safeParse(file);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it('takes no file, or an attachment type up to the limit; names the type before the size', () => {
    expect(messages(null)).toEqual([]);
    expect(messages({ name: 'Aushang.PDF', size: NEWS_FILE_MAX_BYTES })).toEqual([]);
    expect(messages({ name: 'Aushang.pdf', size: NEWS_FILE_MAX_BYTES + 1 })).toEqual([MSG.newsFileTooLarge]);
    expect(messages({ name: 'Aushang.docx', size: NEWS_FILE_MAX_BYTES + 1 })[0]).toBe(MSG.newsFileType);
  });
});
