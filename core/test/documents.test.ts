import { describe, expect, it } from 'vitest';
import { chosenDocumentsProblem, DOCUMENT_MAX_BYTES, documentFileFits, documentType, namesTakenQuestion, SHORT_LINK_MAX, SHORT_LINK_PATTERN, suggestShortLink } from '../src/documents.ts';
import { MSG } from '../src/messages.ts';

describe('documentType', () => {
  it.each([
    ['Preisliste.PDF', 'pdf'],
    ['Dienstplan.2026.xlsx', 'xlsx'],
    ['Brief.docx', 'docx'],
  ])('%s is a %s', (name, type) => expect(documentType(name)).toBe(type));

  it.each(['pdf', 'Bild.png', 'Makro.xlsm', 'archiv.pdf.zip', 'ohne Endung'])('%s is not taken', (name) => expect(documentType(name)).toBeNull());
});

describe('suggestShortLink', () => {
  it('spells umlauts out and turns every other character into an underscore', () => {
    expect(suggestShortLink('Preisliste 2026.pdf')).toBe('Preisliste_2026_pdf');
    expect(suggestShortLink(' Größe & Maße – Übersicht ')).toBe('Groesse___Masse___Uebersicht');
  });

  it('always suggests a valid short link of at most the allowed length', () => {
    for (const name of ['ä'.repeat(100), '💾 Datei.pdf', 'a/b\\c?d']) {
      const link = suggestShortLink(name);
      expect(link).toMatch(SHORT_LINK_PATTERN);
      expect(link.length).toBeLessThanOrEqual(SHORT_LINK_MAX);
    }
  });
});

describe('namesTakenQuestion', () => {
  it('speaks of one file or of several', () => {
    expect(namesTakenQuestion(['a.pdf'])).toBe('Im Ordner gibt es schon eine Datei namens „a.pdf“. Trotzdem hochladen? Dann steht dieser Name dort zweimal.');
    expect(namesTakenQuestion(['a.pdf', 'b.pdf'])).toBe('Im Ordner gibt es schon Dateien namens „a.pdf“, „b.pdf“. Trotzdem hochladen? Dann stehen diese Namen dort zweimal.');
  });
});

describe('chosen files', () => {
  const big = { name: 'Handbuch.pdf', size: DOCUMENT_MAX_BYTES + 1 };
  const text = { name: 'Notiz.txt', size: 10 };
  const fine = { name: 'Rundschreiben.docx', size: DOCUMENT_MAX_BYTES };
  it('name a wrong type before a size, and fit when both are right', () => {
    expect(chosenDocumentsProblem([big, text])).toBe(MSG.documentType);
    expect(chosenDocumentsProblem([fine, big])).toBe(MSG.documentTooLarge);
    expect(chosenDocumentsProblem([fine])).toBeNull();
    expect([big, text, fine].filter(documentFileFits)).toEqual([fine]);
  });
});
