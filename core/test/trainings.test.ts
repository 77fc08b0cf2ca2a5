import { describe, expect, it } from 'vitest';
import { germanToIso, parseTrainingDates, registrationState, TRAINING_MAX_DATES } from '../src/trainings.ts';

describe('germanToIso', () => {
  it.each([
    ['1.12.2026', '2026-12-01'],
    [' 29.02.2028 ', '2028-02-29'],
    ['31.12.2199', '2199-12-31'],
  ])('%s is %s', (text, iso) => expect(germanToIso(text)).toBe(iso));

  it.each(['29.02.2027', '31.04.2026', '1.12.26', '2026-12-01', '01.01.1799', '01.01.2200', '', '1.1.2026x'])('%s is no day', (text) =>
    expect(germanToIso(text)).toBeNull(),
  );
});

describe('parseTrainingDates', () => {
  it('sorts the days and keeps each once', () => {
    expect(parseTrainingDates('03.12.2026, 01.12.2026,03.12.2026,')).toEqual(['2026-12-01', '2026-12-03']);
  });

  it('refuses a Sunday, a malformed entry and more days than allowed', () => {
    expect(parseTrainingDates('01.12.2026, 06.12.2026')).toBe('sunday');
    expect(parseTrainingDates('01.12.2026, 32.12.2026')).toBe('invalid');
    const many = Array.from({ length: TRAINING_MAX_DATES + 1 }, () => '01.12.2026').join(',');
    expect(parseTrainingDates(many)).toBe('tooMany');
  });

  it('reads an empty list as no days', () => expect(parseTrainingDates(' , ')).toEqual([]));
});

describe('registrationState', () => {
  it('names approved before the waiting list before requested', () => {
    expect(registrationState({ approved: true, waitingList: true })).toBe('Genehmigt');
    expect(registrationState({ approved: false, waitingList: true })).toBe('Warteliste');
    expect(registrationState({ approved: false, waitingList: false })).toBe('Angefragt');
  });
});
