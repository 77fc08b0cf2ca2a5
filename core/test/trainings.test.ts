import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.ts';
import { answeredAll, germanToIso, parseTrainingDates, registrationState, TRAINING_MAX_DATES, ZRegisterUsersRequest, ZTrainingRequest } from '../src/trainings.ts';

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

describe('answeredAll', () => {
  const questions = [{ type: 'Sternbewertung' as const }, { type: 'Frage' as const }];
  it('needs stars and a text that is more than spaces', () => {
    expect(answeredAll(questions, [4, 'Gut erklärt'])).toBe(true);
    expect(answeredAll(questions, [0, 'Gut erklärt'])).toBe(false);
    expect(answeredAll(questions, [4, '  '])).toBe(false);
    expect(answeredAll([], [])).toBe(true);
  });
});

describe('training requests', () => {
  it('name a missing employee when registering', () => {
    const result = ZRegisterUsersRequest.safeParse({ users: [] });
    expect(result.success ? null : result.error.issues[0]!.message).toBe(MSG.trainingEmployeeRequired);
  });

  it('take the training flat or wrapped', () => {
    const flat = { title: 'T', description: 'D', address: 'A', zip: '1', city: 'C', contactPerson: '00000000-0000-4000-8000-000000000001', contingent: '2', dates: '01.12.2026', time: '09:30' };
    expect(ZTrainingRequest.parse(flat)).toEqual(ZTrainingRequest.parse({ training: flat }));
  });
});
