import { berlinInstant } from '../../platform/dates.ts';

/** A training as its calendar invitation needs it. */
export interface InvitedTraining {
  id: string;
  title: string;
  description: string;
  address: string;
  zip: string;
  city: string;
  date: string;
  time: string;
  /** Grows with every change, so calendars replace the older invitation. */
  sequence: number;
}

/** Trainings carry a start only; the invitation blocks two hours. */
const DURATION_MS = 2 * 60 * 60 * 1000;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** RFC 5545 text: backslash, semicolon, comma and newlines escaped, lines folded at 75 octets. */
const text = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + (start === 0 ? 75 : 74));
    // Never cut inside a UTF-8 character.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/**
 * The iCalendar (RFC 5545) invitation of an approved participant: REQUEST adds or updates the
 * event in their calendar (same UID, higher SEQUENCE after a reschedule), CANCEL removes it.
 */
export function trainingInvitation(t: InvitedTraining, method: 'REQUEST' | 'CANCEL', organizer: string, attendee: string): string {
  const start = berlinInstant(t.date, t.time);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Filialportal//Veranstaltungen//DE',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:training-${t.id}@filialportal`,
    `SEQUENCE:${t.sequence}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + DURATION_MS))}`,
    `SUMMARY:${text(t.title)}`,
    `DESCRIPTION:${text(t.description)}`,
    `LOCATION:${text(`${t.address}, ${t.zip} ${t.city}`)}`,
    `ORGANIZER:mailto:${organizer}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${attendee}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
