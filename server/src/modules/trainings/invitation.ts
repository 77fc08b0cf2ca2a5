import { berlinInstant } from '../../platform/dates.ts';
import { icalDocument, icalStamp as stamp, icalText as text } from '../../platform/ical.ts';

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
  return icalDocument(lines);
}
