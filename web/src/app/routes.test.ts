import { describe, expect, it } from 'vitest';
import { LIVE_KINDS } from '@filialportal/core/live';
import { DASHBOARD_CARDS, FEATURES, LIVE_REREADS, NAV_BADGES, ROUTES, SETTINGS_SECTIONS } from './routes.ts';

describe('what the features declare in their routes.tsx', () => {
  it('gives every view one address', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps one counter per live kind, with its badge (the bell shows its own) and what an event rereads', () => {
    const kinds = FEATURES.flatMap((f) => f.counters ?? []).map((c) => c.kind);
    expect([...kinds].sort()).toEqual([...LIVE_KINDS].sort());
    expect(Object.keys(NAV_BADGES).sort()).toEqual(LIVE_KINDS.filter((k) => k !== 'notifications').sort());
    expect(LIVE_REREADS).toEqual({
      tasks: [['task', 'count'], ['task', 'list']],
      claims: [['claims', 'counter'], ['claims', 'list']],
      trainings: [['trainings', 'counter'], ['trainings', 'upcoming']],
      advertising: [['advertising', 'counter'], ['advertising', 'list']],
      news: [['news', 'unseen'], ['news', 'list']],
      notifications: [['notifications']],
    });
  });

  it('lists the settings sections in the spec’s order, each address once', () => {
    expect(SETTINGS_SECTIONS.map((s) => [s.path, s.group ?? 'Allgemein'])).toEqual([
      ['benutzer', 'Allgemein'],
      ['sondertermine', 'Allgemein'],
      ['benutzergruppen', 'Allgemein'],
      ['standorte', 'Allgemein'],
      ['schulferien', 'Allgemein'],
      ['urlaubssperren', 'Allgemein'],
      ['login-verlauf', 'Allgemein'],
      ['hersteller', 'Listen'],
      ['labels', 'Listen'],
      ['status', 'Listen'],
      ['beanstandung-hersteller', 'Listen'],
      ['beanstandung-qualitaet', 'Listen'],
      ['beanstandung-grund', 'Listen'],
      ['globale-einstellungen', 'System'],
      ['protokoll', 'System'],
      ['aufbewahrung', 'System'],
    ]);
    expect(SETTINGS_SECTIONS.flatMap((s) => (s.pages ?? []).map((p) => `${s.path}/${p.path}`))).toEqual([
      'benutzer/neu',
      'benutzer/:id',
      'benutzergruppen/neu',
      'benutzergruppen/:id',
    ]);
  });

  it('places the dashboard cards: lists in the main column, summaries beside them', () => {
    const column = (c: 'main' | 'aside') => DASHBOARD_CARDS.filter((card) => card.column === c).map((card) => card.key);
    expect(column('main')).toEqual(['tasks', 'news']);
    expect(column('aside')).toEqual(['vacation', 'trainings', 'profile']);
  });
});
