import { describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP, type SearchGroup } from '@filialportal/core/search';
import { hitTarget, searchItems, snippetParts, telHref, totalText } from './search-items.ts';

describe('the results of the header search', () => {
  it('counts the hits of all groups in their order, for the arrow keys', () => {
    const groups: SearchGroup[] = [
      { type: 'people', total: 1, capped: false, hits: [{ id: 'p1', firstName: 'Emma', lastName: 'Zimmermann', location: 'Filiale Köln', phone: '0221 4286', email: 'e@example.com' }] },
      { type: 'articles', total: 0, capped: false, hits: [] },
      { type: 'tasks', total: 2, capped: false, hits: [{ id: 't1', title: 'A', deadline: '2026-05-01', done: false, mine: true }, { id: 't2', title: 'B', deadline: '2026-05-02', done: true, mine: true }] },
    ];
    expect(searchItems(groups).map((i) => `${i.type}:${i.hit.id}`)).toEqual(['people:p1', 'tasks:t1', 'tasks:t2']);
  });

  it('names the total, or that there are more than the server counts', () => {
    expect(totalText({ total: 37, capped: false })).toBe('37 Treffer');
    expect(totalText({ total: 1, capped: false })).toBe('1 Treffer');
    expect(totalText({ total: 1234, capped: false })).toBe('1.234 Treffer');
    expect(totalText({ total: SEARCH_TOTAL_CAP, capped: true })).toBe(`mehr als ${SEARCH_TOTAL_CAP.toLocaleString('de-DE')}`);
  });

  it('splits a snippet at the server’s marks, keeping everything else as text', () => {
    expect(snippetParts('… die «Fliesen» im <b>Lager</b> «Köln» …')).toEqual([
      { text: '… die ', marked: false },
      { text: 'Fliesen', marked: true },
      { text: ' im <b>Lager</b> ', marked: false },
      { text: 'Köln', marked: true },
      { text: ' …', marked: false },
    ]);
    expect(snippetParts('offen «ohne Ende')).toEqual([{ text: 'offen «ohne Ende', marked: false }]);
    expect(snippetParts('')).toEqual([]);
  });

  it('dials a number with digits and a leading plus only', () => {
    expect(telHref('0221 4286')).toBe('tel:02214286');
    expect(telHref('+49 (221) 42-86')).toBe('tel:+492214286');
  });

  it('leads each kind of hit to its place', () => {
    expect(hitTarget({ type: 'articles', hit: { id: 'a', number: 'LA-1000', ean: '4012345000012', name: 'Eiche', decor: 'Natur', categoryId: 'c1', stock: 3 } })).toEqual({
      kind: 'page',
      to: '/sortiment/bestand?sortiment=c1&nummer=LA-1000',
    });
    const news = { id: 'n1', title: 'T', category: 'Personal', date: '2026-01-02', archived: false, snippet: '' };
    expect(hitTarget({ type: 'news', hit: news })).toEqual({ kind: 'page', to: '/neuigkeiten?kategorie=Personal&news=n1' });
    expect(hitTarget({ type: 'news', hit: { ...news, archived: true } })).toEqual({ kind: 'page', to: '/neuigkeiten/archiv?kategorie=Personal&news=n1' });
    expect(hitTarget({ type: 'claims', hit: { id: 'k1', number: 'B-1', customerName: 'X', location: 'Köln', completed: false } })).toEqual({ kind: 'page', to: '/beanstandungen?id=k1' });
    expect(hitTarget({ type: 'trainings', hit: { id: 's1', title: 'T', category: 'C', date: '2026-01-02', time: '09:00', city: 'Köln' } })).toEqual({ kind: 'page', to: '/veranstaltungen?id=s1' });
    expect(hitTarget({ type: 'tasks', hit: { id: 't1', title: 'T', deadline: '2026-01-02', done: false, mine: true } })).toEqual({ kind: 'page', to: '/aufgaben/eigene' });
    expect(hitTarget({ type: 'tasks', hit: { id: 't1', title: 'T', deadline: '2026-01-02', done: true, mine: false } })).toEqual({ kind: 'page', to: '/aufgaben/delegiert?erledigte=1' });
    expect(hitTarget({ type: 'documents', hit: { id: 'd1', name: 'Handbuch', type: 'pdf', folderId: 'f1', folder: 'Handbücher', snippet: '' } })).toEqual({
      kind: 'file',
      path: '/api/download/d1',
      fileName: 'Handbuch.pdf',
    });
  });

  it('calls a colleague with a phone number, else writes', () => {
    const person = { id: 'p', firstName: 'E', lastName: 'Z', location: 'Köln', phone: '0221 4286', email: 'e@example.com' };
    expect(hitTarget({ type: 'people', hit: person })).toEqual({ kind: 'link', href: 'tel:02214286' });
    expect(hitTarget({ type: 'people', hit: { ...person, phone: '' } })).toEqual({ kind: 'link', href: 'mailto:e@example.com' });
    expect(hitTarget({ type: 'people', hit: { ...person, phone: '', email: '' } })).toBeNull();
  });
});
