import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** A real PDF with these lines of text, one page each (for uploads in the tests). */
export function pdf(...pages: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    pages.forEach((text, i) => {
      if (i > 0) doc.addPage();
      doc.text(text);
    });
    doc.end();
  });
}

/**
 * What a PDF of ours says and holds, read the way a viewer does: every Flate stream inflated,
 * the text of its show-text operators (pdfkit writes hex strings, WinAnsi-encoded) joined, and
 * the embedded images counted.
 */
export function readPdf(bytes: Buffer): { text: string; images: number; pages: number } {
  const source = bytes.toString('latin1');
  const texts: string[] = [];
  for (const m of source.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not deflated (an image), or not text
    }
    for (const array of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return {
    text: texts.join('\n'),
    images: (source.match(/\/Subtype \/Image/g) ?? []).length,
    pages: (source.match(/\/Type \/Page\b/g) ?? []).length,
  };
}
