import { describe, expect, it } from 'vitest';
import { trainingInvitation } from '../src/modules/trainings/invitation.ts';

const training = {
  id: '6b0d5c1e-0000-4000-8000-000000000001',
  title: 'Parkett ölen, pflegen; schützen',
  description: 'Erste Zeile\nZweite Zeile mit Umlauten: äöü ß und noch viel mehr Text, damit die Zeile über 75 Oktette lang wird und gefaltet werden muss.',
  address: 'Aachener Straße 200',
  zip: '50931',
  city: 'Köln',
  date: '2027-07-06',
  time: '09:30',
  sequence: 7,
};

describe('calendar invitation', () => {
  const ics = trainingInvitation(training, 'REQUEST', 'noreply@filialportal.local', 'verkauf@example.com');
  const unfolded = ics.replace(/\r\n /g, '');

  it('is an RFC 5545 request with the Berlin start as UTC and two hours', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded).toContain(`UID:training-${training.id}@filialportal`);
    expect(unfolded).toContain('SEQUENCE:7');
    // 09:30 in Köln in July is 07:30 UTC (summer time).
    expect(unfolded).toContain('DTSTART:20270706T073000Z');
    expect(unfolded).toContain('DTEND:20270706T093000Z');
    expect(unfolded).toContain('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:verkauf@example.com');
  });

  it('escapes text and folds lines at 75 octets without splitting a character', () => {
    expect(unfolded).toContain('SUMMARY:Parkett ölen\\, pflegen\\; schützen');
    expect(unfolded).toContain('DESCRIPTION:Erste Zeile\\nZweite Zeile');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
  });

  it('cancels with the same UID', () => {
    const cancel = trainingInvitation({ ...training, sequence: 8 }, 'CANCEL', 'noreply@filialportal.local', 'verkauf@example.com').replace(/\r\n /g, '');
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain(`UID:training-${training.id}@filialportal`);
  });
});
