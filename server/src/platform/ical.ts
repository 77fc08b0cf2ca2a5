/**
 * iCalendar (RFC 5545) writing, shared by the training invitations and the calendar feeds: the
 * value formats, text escaping and line folding at 75 octets, lines joined by CRLF.
 */

/** A UTC instant as 20261129T120000Z. */
export const icalStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A day (YYYY-MM-DD) as a DATE value, 20261129. */
export const icalDate = (isoDate: string) => isoDate.replace(/-/g, '');

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
export const icalText = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + (start === 0 ? 75 : 74));
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/** The document: each line folded, CRLF after every line. */
export const icalDocument = (lines: readonly string[]) => `${lines.map(fold).join('\r\n')}\r\n`;
