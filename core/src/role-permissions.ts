/**
 * Permission sets, labels, sort order and subordinate groups of the demo company's roles
 * (user groups). Spec 1 §6 and spec 3 §6 name the roles but not which role holds which
 * permission ("groups are configured in the editor"); these sets are the seeded defaults.
 * Every set is closed under dependencies (wrapped in `withDependencies`) and, except for
 * Admin, free of conflicts. Admin holds every permission (and passes every check anyway).
 */
import { PERMISSION_NAMES, withDependencies, type Permission } from './permissions.ts';
import { ROLE_IDENTIFIERS, type RoleIdentifier } from './roles.ts';

/** What every active employee gets: dashboard, own vacation, own news, tasks, calendar, trainings, documents, advertising. */
const BASIS: readonly Permission[] = [
  'dashboard_menu_sehen',
  'urlaub_menu_sehen',
  'urlaub_antrag_stellen',
  'neuigkeiten_eigene_sehen',
  'likes_can_see',
  'comments_can_edit_own',
  'aufgaben_menu_sehen',
  'aufgaben_erhalten',
  'an_abwesenheit_menu_sehen',
  'schulung_sehen',
  'dokument_oder_ordner_eigene_sehen',
  'dokument_oder_ordner_eigene_durchsuchen',
  'werbung_ver_ffentlichte_sehen',
];

/** Claims rights of the five booking roles (spec 2 §4, `CLAIM_BOOKING_ROLES`). */
const CLAIMS_BOOKING: readonly Permission[] = [
  'beanstandungen_menu_sehen',
  'beanstandungen_offene_alle_sehen',
  'beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen',
  'beanstandungen_buchen',
  'claim_can_export',
];

/** Organising trainings for the whole company. */
const TRAININGS_ORGANISE: readonly Permission[] = [
  'schulung_erstellen',
  'schulung_bearbeiten',
  'schulung_verschieben',
  'schulung_absagen',
  'training_overview_list_can_see',
  'mitarbeiter_anmelden_alle',
  'teilnehmerliste_anzeigen_alle',
  'teilnehmerliste_herunterladen_alle',
  'bewertungen_herunterladen_alle',
  'warteliste_anzeigen_alle',
  'waitinglist_can_edit',
  'anmeldung_best_tigen_alle',
  'anmeldung_ablehnen_alle',
  'old_training_participant_list_can_edit',
];

/** Trainings for a branch head: register and approve participants of the own location. */
const TRAININGS_OWN_BRANCH: readonly Permission[] = [
  'mitarbeiter_anmelden_eigene_filiale',
  'teilnehmerliste_anzeigen_eigene_filiale',
  'teilnehmerliste_herunterladen_eigene_filiale',
  'bewertungen_herunterladen_eigene_filiale',
  'anmeldung_best_tigen_eigene_filiale',
  'anmeldung_ablehnen_eigene_filiale',
];

const NEWS_EDITOR: readonly Permission[] = [
  'neuigkeiten_alle_sehen',
  'neuigkeiten_erstellen',
  'neuigkeiten_bearbeiten',
  'neuigkeiten_l_schen',
  'news_archive_can_see',
  'neuigkeiten_like_benutzernamen_sehen',
  'comments_can_edit_global',
  'comments_can_delete',
];

const DOCUMENTS_EDITOR: readonly Permission[] = [
  'dokument_oder_ordner_alle_sehen',
  'dokument_oder_ordner_alle_durchsuchen',
  'dokument_oder_ordner_erstellen',
  'dokument_oder_ordner_bearbeiten',
  'dokument_oder_ordner_l_schen',
];

const ARTICLES_EDITOR: readonly Permission[] = [
  'sortiment_menu_sehen',
  'sortiment_artikel_erstellen',
  'sortiment_artikel_bearbeiten',
  'sortiment_artikel_aktiv_inaktiv_setzen',
  'sortiment_artikel_label_bearbeiten',
  'sortiment_artikel_exportieren',
];

const byPrefix = (prefix: string): Permission[] => PERMISSION_NAMES.filter((n) => n.startsWith(prefix));

export const ROLE_PERMISSIONS: Record<RoleIdentifier, readonly Permission[]> = {
  Admin: withDependencies(PERMISSION_NAMES),

  Personalleitung: withDependencies([
    ...BASIS,
    ...byPrefix('urlaub_'),
    ...byPrefix('krankmeldungen_'),
    ...byPrefix('an_abwesenheit_'),
    'einstellungen_sehen',
    // all user settings except the restricting variant, which conflicts with the full edit rights
    ...byPrefix('einstellungen_benutzer_').filter((n) => n !== 'einstellungen_benutzer_bearbeiten_nur_freie_tage'),
    'user_image_can_edit',
    'einstellungen_benutzergruppen_sehen',
    'einstellungen_sondertermine_sehen',
    'einstellungen_sondertermine_erstellen',
    'einstellungen_sondertermine_bearbeiten',
    'einstellungen_sondertermine_l_schen',
    'einstellungen_login_verlauf_sehen',
    ...NEWS_EDITOR,
    'aufgaben_alle_sehen',
    'aufgaben_an_alle_stellen',
    ...TRAININGS_ORGANISE,
    ...DOCUMENTS_EDITOR,
    ...CLAIMS_BOOKING,
  ]),

  Buchhaltung: withDependencies([
    ...BASIS,
    'news_archive_can_see',
    ...CLAIMS_BOOKING,
    'sortiment_menu_sehen',
    'sortiment_artikel_exportieren',
    'urlaub_exportieren',
    'krankmeldungen_exportieren',
    'einstellungen_sehen',
    'settings_claim_can_edit_status',
    'einstellungen_hersteller_sehen_1',
  ]),

  Vertriebsleitung: withDependencies([
    ...BASIS,
    'neuigkeiten_alle_sehen',
    'neuigkeiten_erstellen',
    'neuigkeiten_bearbeiten',
    'news_archive_can_see',
    'neuigkeiten_like_benutzernamen_sehen',
    'aufgaben_alle_sehen',
    'aufgaben_an_alle_stellen',
    'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
    'urlaub_nach_filiale_filtern',
    'urlaub_nach_mitarbeiter_filtern',
    'an_abwesenheit_von_allen_sehen',
    'an_abwesenheit_erweiterten_titel_anzeigen',
    ...ARTICLES_EDITOR,
    'sortiment_kategorie_erstellen',
    'sortiment_kategorie_bearbeiten',
    'sortiment_kategorie_l_schen',
    'sortiment_artikel_l_schen',
    'sortiment_bei_allen_artikel_bestand_bearbeiten',
    ...CLAIMS_BOOKING,
    'training_overview_list_can_see',
    'mitarbeiter_anmelden_alle',
    'teilnehmerliste_anzeigen_alle',
    'werbung_alle_sehen',
    'werbung_erstellen',
    'werbung_bearbeiten',
    'werbung_l_schen',
    ...DOCUMENTS_EDITOR,
    'einstellungen_sehen',
    'einstellungen_hersteller_sehen_1',
    'einstellungen_hersteller_erstellen',
    'einstellungen_hersteller_bearbeiten',
    'einstellungen_hersteller_l_schen',
    'einstellungen_labels_mit_farbe_sehen',
    'einstellungen_labels_mit_farbe_bearbeiten',
  ]),

  Vertrieb: withDependencies([
    ...BASIS,
    'news_archive_can_see',
    'an_abwesenheit_von_allen_sehen',
    ...ARTICLES_EDITOR,
    ...CLAIMS_BOOKING,
    'training_overview_list_can_see',
    'werbung_alle_sehen',
  ]),

  Zentrallagerleitung: withDependencies([
    ...BASIS,
    'news_archive_can_see',
    'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
    'urlaub_nach_mitarbeiter_filtern',
    'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten',
    'krankmeldungen_nach_mitarbeiter_filtern',
    'an_abwesenheit_in_eigener_filiale_bearbeiten',
    'an_abwesenheit_erweiterten_titel_anzeigen',
    'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
    ...ARTICLES_EDITOR,
    'sortiment_bei_allen_artikel_bestand_bearbeiten',
    ...CLAIMS_BOOKING,
    ...TRAININGS_OWN_BRANCH,
    'einstellungen_sehen',
    'einstellungen_hersteller_sehen_1',
    'einstellungen_hersteller_erstellen',
    'einstellungen_hersteller_bearbeiten',
    'einstellungen_labels_mit_farbe_sehen',
  ]),

  Verwaltung: withDependencies([
    ...BASIS,
    ...NEWS_EDITOR,
    'aufgaben_alle_sehen',
    'aufgaben_an_alle_stellen',
    'urlaub_nach_filiale_filtern',
    'urlaub_nach_mitarbeiter_filtern',
    'an_abwesenheit_von_allen_sehen',
    'an_abwesenheit_von_allen_exportieren',
    'an_abwesenheit_erweiterten_titel_anzeigen',
    'an_abwesenheit_info_von_allen_bearbeiten',
    ...TRAININGS_ORGANISE,
    'sortiment_menu_sehen',
    'sortiment_kategorie_erstellen',
    'sortiment_kategorie_bearbeiten',
    'sortiment_kategorie_l_schen',
    'beanstandungen_menu_sehen',
    'beanstandungen_offene_alle_sehen',
    ...DOCUMENTS_EDITOR,
    'werbung_alle_sehen',
    'werbung_erstellen',
    'werbung_bearbeiten',
    'werbung_l_schen',
    'einstellungen_sehen',
    'einstellungen_benutzer_alle_sehen',
    'einstellungen_sondertermine_sehen',
    'einstellungen_sondertermine_erstellen',
    'einstellungen_sondertermine_bearbeiten',
    'einstellungen_sondertermine_l_schen',
    'einstellungen_standorte_sehen',
    'einstellungen_standorte_erstellen',
    'einstellungen_standorte_bearbeiten',
    'einstellungen_standorte_l_schen',
    'einstellungen_login_verlauf_sehen',
    'einstellungen_hersteller_sehen_1',
    'einstellungen_hersteller_erstellen',
    'einstellungen_hersteller_bearbeiten',
    'einstellungen_hersteller_l_schen',
    'einstellungen_labels_mit_farbe_sehen',
    'einstellungen_labels_mit_farbe_bearbeiten',
    'settings_claim_can_edit_status',
  ]),

  Filialleitung: withDependencies([
    ...BASIS,
    'news_archive_can_see',
    'neuigkeiten_like_benutzernamen_sehen',
    'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten',
    'urlaub_nach_mitarbeiter_filtern',
    'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten',
    'krankmeldungen_aus_eigener_filiale_l_schen',
    'krankmeldungen_nach_mitarbeiter_filtern',
    'an_abwesenheit_in_eigener_filiale_bearbeiten',
    'an_abwesenheit_erweiterten_titel_anzeigen',
    'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
    'sortiment_menu_sehen',
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
    'sortiment_artikel_label_bearbeiten',
    'sortiment_artikel_exportieren',
    'beanstandungen_menu_sehen',
    ...TRAININGS_OWN_BRANCH,
    'einstellungen_sehen',
    'einstellungen_benutzer_aus_eigener_filiale_sehen',
    'einstellungen_benutzer_bearbeiten_nur_freie_tage',
  ]),

  Verkauf: withDependencies([
    ...BASIS,
    'news_archive_can_see',
    'sortiment_menu_sehen',
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
    'beanstandungen_menu_sehen',
  ]),

  Azubi: withDependencies([...BASIS, 'sortiment_menu_sehen', 'beanstandungen_menu_sehen']),

  Aushilfe: withDependencies([
    'dashboard_menu_sehen',
    'urlaub_menu_sehen',
    'urlaub_antrag_stellen',
    'neuigkeiten_eigene_sehen',
    'aufgaben_menu_sehen',
    'aufgaben_erhalten',
    'an_abwesenheit_menu_sehen',
    'schulung_sehen',
    'sortiment_menu_sehen',
    'dokument_oder_ordner_eigene_sehen',
  ]),

  Bodenleger: withDependencies([...BASIS, 'sortiment_menu_sehen', 'beanstandungen_menu_sehen']),

  Franchise: withDependencies([
    ...BASIS,
    'news_archive_can_see',
    'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
    'urlaub_nach_mitarbeiter_filtern',
    'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten',
    'an_abwesenheit_in_eigener_filiale_bearbeiten',
    'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
    'sortiment_menu_sehen',
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
    'beanstandungen_menu_sehen',
    'mitarbeiter_anmelden_eigene_filiale',
    'teilnehmerliste_anzeigen_eigene_filiale',
    'anmeldung_best_tigen_eigene_filiale',
    'anmeldung_ablehnen_eigene_filiale',
  ]),

  FranchisepartnerFiliale: withDependencies([
    ...BASIS,
    'sortiment_menu_sehen',
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
    'beanstandungen_menu_sehen',
  ]),

  FranchisepartnerLager: withDependencies([
    ...BASIS,
    'sortiment_menu_sehen',
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
  ]),

  Ausgeblendet: [],

  Lagerist: withDependencies([
    ...BASIS,
    'sortiment_menu_sehen',
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
    'beanstandungen_menu_sehen',
  ]),
};

/** German labels. Admin, Personalleitung and Verwaltung must keep these exact labels (spec 1 §4, spec 3 §6). */
export const ROLE_LABELS: Record<RoleIdentifier, string> = {
  Admin: 'Admin',
  Personalleitung: 'Personalleitung',
  Buchhaltung: 'Buchhaltung',
  Vertriebsleitung: 'Vertriebsleitung',
  Vertrieb: 'Vertrieb',
  Zentrallagerleitung: 'Zentrallagerleitung',
  Verwaltung: 'Verwaltung',
  Filialleitung: 'Filialleitung',
  Verkauf: 'Verkauf',
  Azubi: 'Azubi',
  Aushilfe: 'Aushilfe',
  Bodenleger: 'Bodenleger',
  Franchise: 'Franchise',
  FranchisepartnerFiliale: 'Franchisepartner (Filiale)',
  FranchisepartnerLager: 'Franchisepartner (Lager)',
  Ausgeblendet: 'Ausgeblendet',
  Lagerist: 'Lagerist',
};

/** Order of the groups in lists (group `sortingIndex`); deactivated last. */
export const ROLE_SORTING: Record<RoleIdentifier, number> = {
  Admin: 10,
  Personalleitung: 20,
  Buchhaltung: 30,
  Vertriebsleitung: 40,
  Vertrieb: 50,
  Zentrallagerleitung: 60,
  Lagerist: 70,
  Verwaltung: 80,
  Filialleitung: 90,
  Verkauf: 100,
  Azubi: 110,
  Aushilfe: 120,
  Bodenleger: 130,
  Franchise: 140,
  FranchisepartnerFiliale: 150,
  FranchisepartnerLager: 160,
  Ausgeblendet: 999,
};

const ALL_BUT_ADMIN: readonly RoleIdentifier[] = ROLE_IDENTIFIERS.filter((r) => r !== 'Admin');

/**
 * The groups whose vacation a group's approvers oversee (`subordinateUserGroups`, used with
 * `urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten` and
 * `urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten`).
 */
export const ROLE_SUBORDINATES: Record<RoleIdentifier, readonly RoleIdentifier[]> = {
  Admin: ALL_BUT_ADMIN,
  Personalleitung: ALL_BUT_ADMIN,
  Buchhaltung: [],
  Vertriebsleitung: ['Vertrieb', 'Filialleitung'],
  Vertrieb: [],
  Zentrallagerleitung: ['Lagerist'],
  Verwaltung: [],
  Filialleitung: ['Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger'],
  Verkauf: [],
  Azubi: [],
  Aushilfe: [],
  Bodenleger: [],
  Franchise: ['FranchisepartnerFiliale', 'FranchisepartnerLager'],
  FranchisepartnerFiliale: [],
  FranchisepartnerLager: [],
  Ausgeblendet: [],
  Lagerist: [],
};

/**
 * The groups a group's members may give to people when they create users or change a user's
 * group (`assignableUserGroups`). Only the HR department onboards people: every group except
 * Admin whose settings rights it covers. Admin gives every group without a list; Filialleitung
 * edits free days only and gives none.
 */
export const ROLE_ASSIGNABLE: Record<RoleIdentifier, readonly RoleIdentifier[]> = {
  Admin: [],
  Personalleitung: [
    'Personalleitung',
    'Vertrieb',
    'Lagerist',
    'Filialleitung',
    'Verkauf',
    'Azubi',
    'Aushilfe',
    'Bodenleger',
    'Franchise',
    'FranchisepartnerFiliale',
    'FranchisepartnerLager',
    'Ausgeblendet',
  ],
  Buchhaltung: [],
  Vertriebsleitung: [],
  Vertrieb: [],
  Zentrallagerleitung: [],
  Verwaltung: [],
  Filialleitung: [],
  Verkauf: [],
  Azubi: [],
  Aushilfe: [],
  Bodenleger: [],
  Franchise: [],
  FranchisepartnerFiliale: [],
  FranchisepartnerLager: [],
  Ausgeblendet: [],
  Lagerist: [],
};
