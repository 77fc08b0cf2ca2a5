/**
 * A small but valid one-page PDF (A4, Helvetica, WinAnsi) with a title and lines of text, for
 * the demo company's data sheets. Byte offsets in the cross-reference table are exact, so every
 * viewer opens it without repair.
 */
export function simplePdf(title: string, lines: string[]): Buffer {
  const WIN_ANSI: Record<string, number> = { '€': 0x80, '–': 0x96, '„': 0x84, '“': 0x93 };
  const escape = (s: string) =>
    [...s]
      .map((ch) => {
        const code = WIN_ANSI[ch] ?? ch.charCodeAt(0);
        if (ch === '(' || ch === ')' || ch === '\\') return `\\${ch}`;
        return code < 0x20 || code > 0x7e ? `\\${(code & 0xff).toString(8).padStart(3, '0')}` : ch;
      })
      .join('');
  const text = [`BT /F1 18 Tf 56 780 Td (${escape(title)}) Tj ET`, ...lines.map((l, i) => `BT /F1 11 Tf 56 ${740 - i * 18} Td (${escape(l)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
