import type PDFKit from 'pdfkit';

/** pdfkit loads with the first document, not at start. */
let pdfkitModule: Promise<typeof PDFKit> | null = null;
export const loadPdfKit = () => (pdfkitModule ??= import('pdfkit').then((m) => m.default));

/** Characters of Windows-1252 beyond Latin-1: what the PDF standard fonts can show besides it. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters without a decomposition, by their nearest Latin one. */
const NEAREST: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Œ: 'OE', œ: 'oe', ſ: 's' };

const shown = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(c) || c === '\n';
};

/**
 * Text as the PDF standard fonts (Helvetica, WinAnsi) can show it: 'Łódź' becomes 'Lodz' rather
 * than garbage, other letters lose their accents where that is enough, and what is left
 * (symbols, emoji, other scripts) becomes '?'. Control characters go.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const c of value.normalize('NFC')) {
    if (shown(c)) out += c;
    else if (c === '\t') out += ' ';
    else if (c.codePointAt(0)! < 0x20 || c === '\u007f') continue;
    else if (NEAREST[c]) out += NEAREST[c];
    else {
      const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(shown) ? base : '?';
    }
  }
  return out;
}
