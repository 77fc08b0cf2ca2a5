import { describe, expect, it } from 'vitest';
import { IconCalendarWeek } from '@tabler/icons-react';
import { APP_NAME, navigationOf, pageTitle, VIEW_TITLES, viewTitles } from './navigation.ts';
import type { AppRoute } from '../shell-api/feature.ts';

describe('page title of each view', () => {
  it('names the view by its menu entry, with an en dash and the product name', () => {
    expect(pageTitle('/urlaub/1')).toBe('Urlaub – Filialportal');
    expect(pageTitle('/urlaub/4')).toBe('Urlaub – Filialportal');
    expect(pageTitle('/urlaub/antrag')).toBe('Urlaub – Filialportal');
    expect(pageTitle('/krankmeldungen/2')).toBe('Krankmeldungen – Filialportal');
    expect(pageTitle('/an-abwesenheit')).toBe('An-/Abwesenheiten – Filialportal');
    expect(pageTitle('/dashboard')).toBe('Dashboard – Filialportal');
  });

  it('takes the most specific entry: a sub-view before its section', () => {
    expect(pageTitle('/sortiment')).toBe('Sortimente – Filialportal');
    expect(pageTitle('/sortiment/bestand')).toBe('Bestand – Filialportal');
    expect(pageTitle('/neuigkeiten/archiv')).toBe('Neuigkeiten-Archiv – Filialportal');
    expect(pageTitle('/einstellungen/benutzer')).toBe('Einstellungen – Filialportal');
  });

  it('names views without a menu entry by their own title', () => {
    expect(pageTitle('/benutzereinstellungen')).toBe('Benutzereinstellungen – Filialportal');
  });

  it('matches whole address segments only, and falls back to the product name', () => {
    expect(pageTitle('/urlaubsplan')).toBe(APP_NAME);
    expect(pageTitle('/gibt-es-nicht')).toBe(APP_NAME);
    expect(pageTitle('/')).toBe(APP_NAME);
  });

  it('gives every routed view with a menu entry a title', () => {
    const labels = new Set(VIEW_TITLES.map((t) => t.label));
    for (const label of ['Dashboard', 'Eigene Aufgaben', 'Urlaub', 'Krankmeldungen', 'Werbung', 'Einstellungen']) expect(labels).toContain(label);
  });

  it('builds the titles from routes: entry, view prefix and own title', () => {
    const section = { label: 'An-/Abwesenheit', path: '/an-abwesenheit', icon: IconCalendarWeek, permission: null, order: 1 };
    const routes: AppRoute[] = [
      { path: 'an-abwesenheit', permission: null, element: null, nav: { label: 'An-/Abwesenheiten', order: 1, section } },
      { path: 'urlaub/*', permission: null, element: null, nav: { label: 'Urlaub', order: 2, to: '/urlaub/1', match: '/urlaub', section } },
      { path: 'profil/*', permission: null, element: null, title: 'Profil' },
    ];
    const titles = viewTitles(routes, navigationOf(routes, []));
    expect(titles).toEqual([
      { prefix: '/an-abwesenheit', label: 'An-/Abwesenheit' },
      { prefix: '/an-abwesenheit', label: 'An-/Abwesenheiten' },
      { prefix: '/urlaub', label: 'Urlaub' },
      { prefix: '/profil', label: 'Profil' },
    ]);
    expect(pageTitle('/an-abwesenheit', titles)).toBe('An-/Abwesenheiten – Filialportal');
    expect(pageTitle('/profil/passwort', titles)).toBe('Profil – Filialportal');
  });
});
