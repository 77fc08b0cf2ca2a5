import type { PermissionRule } from '../../app/access.ts';

/** A section of the settings view, with its own address /einstellungen/<path>. */
export interface SettingsSection {
  path: string;
  label: string;
  permission: PermissionRule;
}

/** The built settings sections in the spec's order (spec 3 §2 "Settings area"). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    path: 'benutzer',
    label: 'Benutzer',
    permission: { anyOf: ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] },
  },
  { path: 'benutzergruppen', label: 'Benutzergruppen', permission: 'einstellungen_benutzergruppen_sehen' },
  { path: 'standorte', label: 'Standorte', permission: 'einstellungen_standorte_sehen' },
];
