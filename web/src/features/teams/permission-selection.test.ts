import { describe, expect, it } from 'vitest';
import { conflictMessage } from '@filialportal/core/teams';
import { coveringParent, templateSelection, tickPermission, untickPermission } from './permission-selection.ts';

describe('permission editor selection', () => {
  it('ticking adds the dependencies', () => {
    const change = tickPermission([], 'einstellungen_standorte_bearbeiten');
    expect(change.refused).toBeNull();
    expect(change.selected).toEqual(expect.arrayContaining(['einstellungen_standorte_bearbeiten', 'einstellungen_sehen', 'einstellungen_standorte_sehen']));
    expect(change.added).toEqual(expect.arrayContaining(['einstellungen_sehen', 'einstellungen_standorte_sehen']));
  });

  it('refuses a conflicting permission with the spec message and keeps the selection', () => {
    const first = tickPermission([], 'einstellungen_benutzer_bearbeiten_nur_freie_tage').selected;
    const change = tickPermission(first, 'einstellungen_benutzer_bearbeiten_alle_felder');
    expect([
      conflictMessage('einstellungen_benutzer_bearbeiten_alle_felder', 'einstellungen_benutzer_bearbeiten_nur_freie_tage'),
      conflictMessage('einstellungen_benutzer_bearbeiten_nur_freie_tage', 'einstellungen_benutzer_bearbeiten_alle_felder'),
    ]).toContain(change.refused);
    expect(change.selected).toEqual(first);
  });

  it('refuses what the editor may not grant', () => {
    const change = tickPermission([], 'einstellungen_standorte_bearbeiten', (n) => n !== 'einstellungen_standorte_sehen');
    expect(change.refused).toBeTruthy();
    expect(change.selected).toEqual([]);
  });

  it('unticking removes what depends on it', () => {
    const selected = tickPermission([], 'einstellungen_standorte_bearbeiten').selected;
    const change = untickPermission(selected, 'einstellungen_standorte_sehen');
    expect(change.selected).not.toContain('einstellungen_standorte_bearbeiten');
    expect(change.removed).toContain('einstellungen_standorte_bearbeiten');
  });

  it('a chosen parent covers its children', () => {
    const selected = new Set(tickPermission([], 'krankmeldungen_von_allen_sehen_und_bearbeiten').selected);
    expect(coveringParent(selected, 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten')).toBe('krankmeldungen_von_allen_sehen_und_bearbeiten');
    expect(coveringParent(new Set(), 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten')).toBeNull();
  });

  it('a template replaces the selection, leaving out what may not be granted', () => {
    const { selected, skipped } = templateSelection(['einstellungen_standorte_bearbeiten', 'dashboard_menu_sehen'], (n) => n !== 'einstellungen_standorte_sehen');
    expect(skipped).toEqual(['einstellungen_standorte_sehen']);
    expect(selected).toContain('dashboard_menu_sehen');
    expect(selected).not.toContain('einstellungen_standorte_bearbeiten');
  });
});
