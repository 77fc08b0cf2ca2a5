import { describe, expect, it } from 'vitest';
import { visibleNavigation } from '../shell-api/navigation.ts';
import { NAVIGATION } from './navigation.ts';

const outline = (items: typeof NAVIGATION): unknown =>
  items.map((i) => ({ label: i.label, path: i.path, built: i.built, ...(i.children ? { children: outline(i.children) } : {}) }));

describe('main navigation from the domains’ routes', () => {
  it('keeps the spec’s entries, addresses and order', () => {
    expect(outline(NAVIGATION)).toEqual([
      { label: 'Dashboard', path: '/dashboard', built: true },
      {
        label: 'Aufgaben',
        path: '/aufgaben',
        built: true,
        children: [
          { label: 'Eigene Aufgaben', path: '/aufgaben/eigene', built: true },
          { label: 'Delegierte Aufgaben', path: '/aufgaben/delegiert', built: true },
        ],
      },
      {
        label: 'Neuigkeiten',
        path: '/neuigkeiten',
        built: true,
        children: [
          { label: 'Neuigkeiten', path: '/neuigkeiten', built: true },
          { label: 'Neuigkeiten-Archiv', path: '/neuigkeiten/archiv', built: true },
        ],
      },
      {
        label: 'Sortiment',
        path: '/sortiment',
        built: true,
        children: [
          { label: 'Sortimente', path: '/sortiment', built: true },
          { label: 'Bestand', path: '/sortiment/bestand', built: true },
          { label: 'Sortiment-Tabelle', path: '/sortiment/tabelle', built: true },
        ],
      },
      {
        label: 'An-/Abwesenheit',
        path: '/an-abwesenheit',
        built: true,
        children: [
          { label: 'An-/Abwesenheiten', path: '/an-abwesenheit', built: true },
          { label: 'Urlaub', path: '/urlaub/1', built: true },
          { label: 'Krankmeldungen', path: '/krankmeldungen/2', built: true },
        ],
      },
      { label: 'Dokumente', path: '/dokumente', built: false },
      { label: 'Beanstandung', path: '/beanstandungen', built: true },
      {
        label: 'Veranstaltungen',
        path: '/veranstaltungen',
        built: true,
        children: [
          { label: 'Veranstaltungen', path: '/veranstaltungen', built: true },
          { label: 'Veranstaltungen Übersicht', path: '/veranstaltungen/uebersicht', built: true },
        ],
      },
      { label: 'Werbung', path: '/werbung', built: true },
      { label: 'Dokumente', path: '/dokumente', built: true },
      { label: 'Einstellungen', path: '/einstellungen', built: true },
    ]);
  });

  it('shows a sub-entry only with its own and its section’s permission', () => {
    const items = visibleNavigation(['an_abwesenheit_menu_sehen', 'urlaub_menu_sehen'], NAVIGATION);
    expect(items.map((i) => i.label)).toEqual(['An-/Abwesenheit']);
    expect(items[0]!.children!.map((i) => [i.label, i.match])).toEqual([
      ['An-/Abwesenheiten', undefined],
      ['Urlaub', '/urlaub'],
    ]);
    expect(visibleNavigation(['aufgaben_menu_sehen'], NAVIGATION)[0]!.counter).toBe('tasks');
  });
});
