import { describe, expect, it } from 'vitest';
import { contactHasContent, formatFileSize, salesName, ZCategoryRequest } from '../src/assortment.ts';
import { MSG } from '../src/messages.ts';
import { ADVERTISING_ROW_COLOR, OUTLET_ROW_COLOR, STRIPE_COLORS, eanCheckDigit, rowColor, ZArticleRequest, ZStockUpdateRequest } from '../src/stock.ts';

const article = (over: Record<string, unknown> = {}) => ({
  article: { number: 'LA-1', ean: '4006381333931', manufacturer: '00000000-0000-4000-8000-000000000001', category: '00000000-0000-4000-8000-000000000002', ...over },
});
const problem = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('row colours (spec 2 §4)', () => {
  const label = { hex: '#d3f9d8' };
  it('take advertising before outlet before the own label, else alternate', () => {
    expect(rowColor({ advertising: true, outlet: 'A', label }, 0)).toBe(ADVERTISING_ROW_COLOR);
    expect(rowColor({ advertising: false, outlet: 'A', label }, 0)).toBe(OUTLET_ROW_COLOR);
    expect(rowColor({ advertising: false, outlet: '', label }, 0)).toBe('#d3f9d8');
    expect([0, 1, 2].map((i) => rowColor({ advertising: false, outlet: '', label: null }, i))).toEqual([STRIPE_COLORS[0], STRIPE_COLORS[1], STRIPE_COLORS[0]]);
  });
});

describe('EANs', () => {
  it('compute the check digit of EAN-13 and EAN-8', () => {
    expect(eanCheckDigit('400638133393')).toBe(1);
    expect(eanCheckDigit('9638507')).toBe(4);
  });
  it('are digits only, 8 to 14, spaces ignored; empty has the spec message', () => {
    expect(problem(ZArticleRequest.safeParse(article({ ean: '4006 3813 3393 1' })))).toBeNull();
    expect(problem(ZArticleRequest.safeParse(article({ ean: '' })))).toBe(MSG.articleEanRequired);
    expect(problem(ZArticleRequest.safeParse(article({ ean: '1234567' })))).toBe(MSG.articleEanInvalid);
  });
});

describe('article save (spec 2 §5)', () => {
  it('takes German prices and dates in Berlin wall time', () => {
    const r = ZArticleRequest.parse(article({ price: '12,5', srp: 19.9, actionPriceFrom: '01.12.2026', actionPriceTill: '24.12.2026 18:30' }));
    expect(r.article).toMatchObject({ price: 12.5, srp: 19.9, actionPriceFrom: '2026-12-01T00:00', actionPriceTill: '2026-12-24T18:30' });
  });
  it('wants both action dates or none, the end not before the start', () => {
    expect(problem(ZArticleRequest.safeParse(article({ actionPriceTill: '24.12.2026 18:30' })))).toBe(MSG.articleActionDatesBoth);
    expect(problem(ZArticleRequest.safeParse(article({ actionPriceFrom: '24.12.2026 18:30', actionPriceTill: '24.12.2026 18:29' })))).toBe(MSG.articleActionDatesOrder);
    expect(problem(ZArticleRequest.safeParse(article({ actionPriceFrom: '31.02.2026', actionPriceTill: '01.03.2026' })))).toBe(MSG.articleDateInvalid);
  });
  it('names the missing number, manufacturer and category with the spec messages', () => {
    expect(problem(ZArticleRequest.safeParse(article({ number: '' })))).toBe(MSG.articleNumberRequired);
    expect(problem(ZArticleRequest.safeParse(article({ manufacturer: '' })))).toBe(MSG.articleManufacturerRequired);
    expect(problem(ZArticleRequest.safeParse(article({ category: '' })))).toBe(MSG.articleCategoryRequired);
  });
});

describe('stock change (spec 2 §5)', () => {
  const loc = '00000000-0000-4000-8000-000000000003';
  it('needs a count, an EAN or article, and a location', () => {
    expect(problem(ZStockUpdateRequest.safeParse({ ean: '4006381333931', location: loc, count: '' }))).toBe(MSG.stockCountRequired);
    expect(problem(ZStockUpdateRequest.safeParse({ ean: '', location: loc, count: 3 }))).toBe(MSG.articleEanRequired);
    expect(problem(ZStockUpdateRequest.safeParse({ ean: '4006381333931', location: '', count: 3 }))).toBe(MSG.stockLocationRequired);
    expect(problem(ZStockUpdateRequest.safeParse({ ean: '4006381333931', location: loc, count: 2.5 }))).toBe(MSG.stockCountInvalid);
    expect(ZStockUpdateRequest.parse({ ean: '4006381333931', location: loc, count: '7' }).count).toBe(7);
  });

  it('names a missing code beside a missing count, after the count (the server answers with the first)', () => {
    const result = ZStockUpdateRequest.safeParse({ ean: '', location: loc, count: '' });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['count', MSG.stockCountRequired],
      ['ean', MSG.articleEanRequired],
    ]);
  });
});

describe('categories', () => {
  it('need a name (Pflichtfeld!) and drop empty contact rows', () => {
    expect(problem(ZCategoryRequest.safeParse({ category: { name: ' ' } }))).toBe(MSG.requiredField);
    const r = ZCategoryRequest.parse({ category: { name: 'Vinyl', contactPersons: [{ company: '' }, { lastName: 'Lang' }] } });
    expect(r.category.contactPersons).toHaveLength(1);
    expect(contactHasContent({ salutation: 'Frau' })).toBe(true);
    expect(contactHasContent({ company: '  ' })).toBe(false);
  });
  it('name their sales columns, or Abverkauf Spalte n', () => {
    expect(salesName({ sales1Name: 'Woche', sales2Name: '', sales3Name: '' }, 1)).toBe('Woche');
    expect(salesName({ sales1Name: 'Woche', sales2Name: '', sales3Name: '' }, 2)).toBe('Abverkauf Spalte 2');
  });
  it('show file sizes in Bytes to TB, base 1024, without decimals', () => {
    expect([0, 1023, 1024, 1536, 5 * 1024 ** 2, 3 * 1024 ** 4].map(formatFileSize)).toEqual(['0 Bytes', '1023 Bytes', '1 KB', '2 KB', '5 MB', '3 TB']);
  });
});
