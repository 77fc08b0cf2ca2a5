import type { PermissionRule } from '../../shell-api/access.ts';

/** A section of the settings view, with its own address /einstellungen/<path>. */
export interface SettingsSection {
  path: string;
  label: string;
  permission: PermissionRule;
  /** Heading the section is listed under in the side navigation (default 'Allgemein'). */
  group?: SettingsGroup;
}

/** Headings of the side navigation, in this order. */
export const SETTINGS_GROUPS = ['Allgemein', 'Listen', 'System'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** The built settings sections in the spec's order (spec 3 §2 "Settings area"). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    path: 'benutzer',
    label: 'Benutzer',
    permission: { anyOf: ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] },
  },
  { path: 'sondertermine', label: 'Sondertermine', permission: 'einstellungen_sondertermine_sehen' },
  { path: 'benutzergruppen', label: 'Benutzergruppen', permission: 'einstellungen_benutzergruppen_sehen' },
  { path: 'standorte', label: 'Standorte', permission: 'einstellungen_standorte_sehen' },
  { path: 'schulferien', label: 'Schulferien', permission: 'einstellungen_standorte_sehen' },
  { path: 'login-verlauf', label: 'Login-Verlauf', permission: 'einstellungen_login_verlauf_sehen' },
  { path: 'hersteller', label: 'Hersteller', permission: 'einstellungen_hersteller_sehen_1', group: 'Listen' },
  { path: 'labels', label: 'Labels', permission: 'einstellungen_labels_mit_farbe_sehen', group: 'Listen' },
  { path: 'status', label: 'Status', permission: 'settings_claim_can_edit_status', group: 'Listen' },
  { path: 'beanstandung-hersteller', label: 'Beanstandung Hersteller', permission: 'settings_claim_can_edit_status', group: 'Listen' },
  { path: 'beanstandung-qualitaet', label: 'Beanstandung Qualität', permission: 'settings_claim_can_edit_status', group: 'Listen' },
  { path: 'beanstandung-grund', label: 'Beanstandung Grund', permission: 'settings_claim_can_edit_status', group: 'Listen' },
  // The assortment spreadsheet's editors maintain its link, HR the vacation rule (as on the server).
  {
    path: 'globale-einstellungen',
    label: 'Globale Einstellungen',
    permission: { anyOf: ['sortiment_kategorie_bearbeiten', 'urlaub_von_allen_sehen_und_bearbeiten'] },
    group: 'System',
  },
];
