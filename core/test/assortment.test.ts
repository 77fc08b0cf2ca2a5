import { describe, expect, it } from 'vitest';
import { contactHasContent, formatFileSize, salesName } from '../src/assortment.ts';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '2 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%i bytes read %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});

describe('salesName', () => {
  it("takes the category's name of a sales column, else the default", () => {
    const category = { sales1Name: 'Aktion Frühjahr', sales2Name: '', sales3Name: '' };
    expect(salesName(category, 1)).toBe('Aktion Frühjahr');
    expect(salesName(category, 3)).toBe('Abverkauf Spalte 3');
  });
});

describe('contactHasContent', () => {
  it('is false for an add row of blanks and true as soon as one field holds text', () => {
    expect(contactHasContent({ company: '  ', email: '' })).toBe(false);
    expect(contactHasContent({ phone: '0221 123' })).toBe(true);
  });
});
