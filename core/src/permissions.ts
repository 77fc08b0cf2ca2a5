/**
 * The permission catalogue: the only list of permission strings in the product.
 * Every string named in the three spec documents, each with a German label, a category,
 * the permissions it needs (`dependencies`, added automatically in the group editor),
 * the ones it excludes (`conflictingWith`) and, where one permission is a wider form of
 * another, the wider one as `parentPermission` (children are disabled in the editor while
 * the parent is chosen, because the parent already grants them).
 *
 * `dependencies` are listed transitively (a permission names the dependencies of its
 * dependencies too), so a one-step lookup is already complete; `withDependencies` still
 * computes the closure. Conflicts are symmetric.
 */
export interface PermissionCategory {
  name: string;
  label: string;
  /** Tabler icon name without the `Icon` prefix, e.g. `CalendarEvent`. */
  icon: string;
}

export interface PermissionDefinition {
  name: Permission;
  label: string;
  category: string;
  dependencies: readonly Permission[];
  conflictingWith: readonly Permission[];
  parentPermission: Permission | null;
}

export const PERMISSION_CATEGORIES: readonly PermissionCategory[] = [
  { name: 'dashboard', label: 'Dashboard', icon: 'LayoutDashboard' },
  { name: 'urlaub', label: 'Urlaub', icon: 'Beach' },
  { name: 'krankmeldungen', label: 'Krankmeldungen', icon: 'Stethoscope' },
  { name: 'an_abwesenheit', label: 'An-/Abwesenheit', icon: 'CalendarWeek' },
  { name: 'aufgaben', label: 'Aufgaben', icon: 'Checklist' },
  { name: 'neuigkeiten', label: 'Neuigkeiten, Likes und Kommentare', icon: 'News' },
  { name: 'schulungen', label: 'Veranstaltungen und Schulungen', icon: 'School' },
  { name: 'sortiment', label: 'Sortiment und Bestand', icon: 'Packages' },
  { name: 'beanstandungen', label: 'Beanstandungen', icon: 'AlertTriangle' },
  { name: 'dokumente', label: 'Dokumente und Ordner', icon: 'Folders' },
  { name: 'werbung', label: 'Werbung', icon: 'Speakerphone' },
  { name: 'einstellungen', label: 'Einstellungen', icon: 'Settings' },
];

interface Extra<C extends string, P extends string> {
  conflictingWith?: readonly C[];
  parent?: P;
}

/** A definition as written below: every name it holds keeps its literal type (checked after the list). */
interface Definition<N extends string, D extends string, C extends string, P extends string> {
  name: N;
  label: string;
  category: string;
  dependencies: readonly D[];
  conflictingWith: readonly C[];
  parentPermission: P | null;
}

function def<const N extends string, const D extends string = never, const C extends string = never, const P extends string = never>(
  name: N,
  label: string,
  category: string,
  dependencies: readonly D[] = [],
  extra: Extra<C, P> = {},
): Definition<N, D, C, P> {
  return {
    name,
    label,
    category,
    dependencies,
    conflictingWith: extra.conflictingWith ?? [],
    parentPermission: extra.parent ?? null,
  };
}

// Frequently named dependencies.
const URLAUB_MENU = 'urlaub_menu_sehen';
const KALENDER_MENU = 'an_abwesenheit_menu_sehen';
const AUFGABEN_MENU = 'aufgaben_menu_sehen';
const NEWS_EIGENE = 'neuigkeiten_eigene_sehen';
const NEWS_ALLE = 'neuigkeiten_alle_sehen';
const SCHULUNG = 'schulung_sehen';
const SORTIMENT_MENU = 'sortiment_menu_sehen';
const CLAIMS_MENU = 'beanstandungen_menu_sehen';
const DOKS_EIGENE = 'dokument_oder_ordner_eigene_sehen';
const DOKS_ALLE = 'dokument_oder_ordner_alle_sehen';
const WERBUNG_ALLE = 'werbung_alle_sehen';
const SETTINGS = 'einstellungen_sehen';
const BENUTZER_SEHEN = 'einstellungen_benutzer_aus_eigener_filiale_sehen';
const BENUTZER_BEARBEITEN = 'einstellungen_benutzer_bearbeiten';

const CATALOGUE = [
  // ── Dashboard (spec 1 §2) ────────────────────────────────────────────────
  def('dashboard_menu_sehen', 'Dashboard sehen', 'dashboard'),

  // ── Urlaub (spec 1 §6) ───────────────────────────────────────────────────
  def(URLAUB_MENU, 'Urlaub: Menü und eigenes Urlaubskonto sehen', 'urlaub'),
  def('urlaub_antrag_stellen', 'Urlaubsantrag stellen', 'urlaub', [URLAUB_MENU]),
  def('urlaub_r_ckdatiert_beantragen', 'Urlaub rückdatiert beantragen', 'urlaub', [
    URLAUB_MENU,
    'urlaub_antrag_stellen',
  ]),
  def('urlaub_nach_filiale_filtern', 'Urlaub nach Filiale filtern', 'urlaub', [URLAUB_MENU]),
  def('urlaub_nach_mitarbeiter_filtern', 'Urlaub nach Mitarbeiter filtern', 'urlaub', [URLAUB_MENU]),
  def('urlaub_exportieren', 'Urlaub exportieren (XLSX)', 'urlaub', [URLAUB_MENU]),
  def('urlaub_can_delete', 'Urlaubsanträge löschen', 'urlaub', [URLAUB_MENU]),
  def('urlaub_von_allen_sehen_und_bearbeiten', 'Urlaub von allen sehen und bearbeiten', 'urlaub', [URLAUB_MENU]),
  def(
    'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
    'Urlaub aller untergeordneten Gruppen sehen und bearbeiten',
    'urlaub',
    [URLAUB_MENU],
    { parent: 'urlaub_von_allen_sehen_und_bearbeiten' },
  ),
  def(
    'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten',
    'Urlaub von Untergeordneten aus eigener Filiale sehen und bearbeiten',
    'urlaub',
    [URLAUB_MENU],
    { parent: 'urlaub_von_allen_sehen_und_bearbeiten' },
  ),
  def('urlaub_eigene_bearbeiten', 'Eigene Urlaubsanträge bearbeiten', 'urlaub', [URLAUB_MENU]),

  // ── Krankmeldungen (spec 1 §6) ───────────────────────────────────────────
  def(
    'krankmeldungen_von_allen_sehen_und_bearbeiten',
    'Krankmeldungen von allen sehen und bearbeiten',
    'krankmeldungen',
  ),
  def(
    'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten',
    'Krankmeldungen aus eigener Filiale sehen und bearbeiten',
    'krankmeldungen',
    [],
    { parent: 'krankmeldungen_von_allen_sehen_und_bearbeiten' },
  ),
  def('krankmeldungen_von_allen_l_schen', 'Krankmeldungen von allen löschen', 'krankmeldungen', [
    'krankmeldungen_von_allen_sehen_und_bearbeiten',
  ]),
  def(
    'krankmeldungen_aus_eigener_filiale_l_schen',
    'Krankmeldungen aus eigener Filiale löschen',
    'krankmeldungen',
    ['krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten'],
    { parent: 'krankmeldungen_von_allen_l_schen' },
  ),
  def('krankmeldungen_nach_filiale_filtern', 'Krankmeldungen nach Filiale filtern', 'krankmeldungen', [
    'krankmeldungen_von_allen_sehen_und_bearbeiten',
  ]),
  def('krankmeldungen_nach_mitarbeiter_filtern', 'Krankmeldungen nach Mitarbeiter filtern', 'krankmeldungen'),
  def('krankmeldungen_exportieren', 'Krankmeldungen exportieren (XLSX)', 'krankmeldungen'),

  // ── An-/Abwesenheit (spec 1 §2, §6) ──────────────────────────────────────
  def(KALENDER_MENU, 'An-/Abwesenheit: Menü sehen', 'an_abwesenheit'),
  def('an_abwesenheit_von_allen_sehen', 'An-/Abwesenheit aller Filialen sehen', 'an_abwesenheit', [KALENDER_MENU]),
  def('an_abwesenheit_von_allen_exportieren', 'An-/Abwesenheit aller Filialen exportieren', 'an_abwesenheit', [
    KALENDER_MENU,
    'an_abwesenheit_von_allen_sehen',
  ]),
  def('an_abwesenheit_erweiterten_titel_anzeigen', 'An-/Abwesenheit: erweiterten Titel anzeigen', 'an_abwesenheit', [
    KALENDER_MENU,
  ]),
  def('an_abwesenheit_von_allen_bearbeiten', 'An-/Abwesenheit aller Filialen bearbeiten', 'an_abwesenheit', [
    KALENDER_MENU,
    'an_abwesenheit_von_allen_sehen',
  ]),
  def(
    'an_abwesenheit_in_eigener_filiale_bearbeiten',
    'An-/Abwesenheit in eigener Filiale bearbeiten',
    'an_abwesenheit',
    [KALENDER_MENU],
    { parent: 'an_abwesenheit_von_allen_bearbeiten' },
  ),
  def('an_abwesenheit_info_von_allen_bearbeiten', 'An-/Abwesenheit: Infozeilen bearbeiten', 'an_abwesenheit', [
    KALENDER_MENU,
  ]),
  def('an_abwesenheit_krankmeldung_bearbeiten', 'An-/Abwesenheit: Krank-Einträge bearbeiten', 'an_abwesenheit', [
    KALENDER_MENU,
  ]),
  def('an_abwesenheit_urlaub_bearbeiten', 'An-/Abwesenheit: Urlaubs-Einträge bearbeiten', 'an_abwesenheit', [
    KALENDER_MENU,
  ]),

  // ── Aufgaben (spec 3 §6) ─────────────────────────────────────────────────
  def(AUFGABEN_MENU, 'Aufgaben: Menü sehen', 'aufgaben'),
  def('aufgaben_erhalten', 'Aufgaben erhalten', 'aufgaben', [AUFGABEN_MENU]),
  def('aufgaben_alle_sehen', 'Alle Aufgaben sehen (Filial- und Teamfilter)', 'aufgaben', [AUFGABEN_MENU]),
  def('aufgaben_an_alle_stellen', 'Aufgaben an alle stellen', 'aufgaben', [AUFGABEN_MENU]),
  def(
    'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
    'Aufgaben an Mitarbeiter der eigenen Filiale stellen',
    'aufgaben',
    [AUFGABEN_MENU],
    { parent: 'aufgaben_an_alle_stellen' },
  ),

  // ── Neuigkeiten, Likes, Kommentare (spec 3 §6) ───────────────────────────
  def(NEWS_ALLE, 'Alle Neuigkeiten sehen', 'neuigkeiten'),
  def(NEWS_EIGENE, 'Eigene Neuigkeiten sehen (für eigene Gruppe und Filiale)', 'neuigkeiten', [], {
    parent: NEWS_ALLE,
  }),
  def('neuigkeiten_erstellen', 'Neuigkeiten erstellen', 'neuigkeiten', [NEWS_ALLE]),
  def('neuigkeiten_bearbeiten', 'Neuigkeiten bearbeiten', 'neuigkeiten', [NEWS_ALLE]),
  def('neuigkeiten_l_schen', 'Neuigkeiten löschen', 'neuigkeiten', [NEWS_ALLE]),
  def('news_archive_can_see', 'News-Archiv sehen', 'neuigkeiten', [NEWS_EIGENE]),
  def('likes_can_see', 'Likes sehen', 'neuigkeiten', [NEWS_EIGENE]),
  def('neuigkeiten_like_benutzernamen_sehen', 'Sehen, wer eine Neuigkeit geliked hat', 'neuigkeiten', [
    NEWS_EIGENE,
    'likes_can_see',
  ]),
  def('comments_can_edit_global', 'Alle Kommentare bearbeiten', 'neuigkeiten', [NEWS_EIGENE]),
  def('comments_can_edit_own', 'Eigene Kommentare bearbeiten', 'neuigkeiten', [NEWS_EIGENE], {
    parent: 'comments_can_edit_global',
  }),
  def('comments_can_delete', 'Kommentare löschen', 'neuigkeiten', [NEWS_EIGENE]),

  // ── Veranstaltungen / Schulungen (spec 3 §6) ─────────────────────────────
  def(SCHULUNG, 'Veranstaltungen sehen', 'schulungen'),
  def('schulung_erstellen', 'Veranstaltungen erstellen', 'schulungen', [SCHULUNG]),
  def('schulung_bearbeiten', 'Veranstaltungen bearbeiten und kopieren', 'schulungen', [SCHULUNG]),
  def('schulung_verschieben', 'Veranstaltungen verschieben', 'schulungen', [SCHULUNG]),
  def('schulung_absagen', 'Veranstaltungen absagen', 'schulungen', [SCHULUNG]),
  def('training_overview_list_can_see', 'Veranstaltungen Übersicht sehen', 'schulungen', [SCHULUNG]),
  def('mitarbeiter_anmelden_alle', 'Mitarbeiter aller Filialen anmelden', 'schulungen', [SCHULUNG]),
  def('mitarbeiter_anmelden_eigene_filiale', 'Mitarbeiter der eigenen Filiale anmelden', 'schulungen', [SCHULUNG], {
    parent: 'mitarbeiter_anmelden_alle',
  }),
  def('teilnehmerliste_anzeigen_alle', 'Teilnehmerliste anzeigen (alle Filialen)', 'schulungen', [SCHULUNG]),
  def(
    'teilnehmerliste_anzeigen_eigene_filiale',
    'Teilnehmerliste anzeigen (eigene Filiale)',
    'schulungen',
    [SCHULUNG],
    { parent: 'teilnehmerliste_anzeigen_alle' },
  ),
  def('teilnehmerliste_herunterladen_alle', 'Teilnehmerliste herunterladen (alle Filialen)', 'schulungen', [
    SCHULUNG,
    'teilnehmerliste_anzeigen_alle',
  ]),
  def(
    'teilnehmerliste_herunterladen_eigene_filiale',
    'Teilnehmerliste herunterladen (eigene Filiale)',
    'schulungen',
    [SCHULUNG, 'teilnehmerliste_anzeigen_eigene_filiale'],
    { parent: 'teilnehmerliste_herunterladen_alle' },
  ),
  def('bewertungen_herunterladen_alle', 'Bewertungen herunterladen (alle Filialen)', 'schulungen', [SCHULUNG]),
  def(
    'bewertungen_herunterladen_eigene_filiale',
    'Bewertungen herunterladen (eigene Filiale)',
    'schulungen',
    [SCHULUNG],
    { parent: 'bewertungen_herunterladen_alle' },
  ),
  def('warteliste_anzeigen_alle', 'Wartelisten anzeigen', 'schulungen', [SCHULUNG]),
  def('waitinglist_can_edit', 'Wartelisten bearbeiten (Einträge genehmigen oder ablehnen)', 'schulungen', [
    SCHULUNG,
    'warteliste_anzeigen_alle',
  ]),
  def('anmeldung_best_tigen_alle', 'Anmeldungen bestätigen (alle Filialen)', 'schulungen', [
    SCHULUNG,
    'teilnehmerliste_anzeigen_alle',
  ]),
  def(
    'anmeldung_best_tigen_eigene_filiale',
    'Anmeldungen bestätigen (eigene Filiale)',
    'schulungen',
    [SCHULUNG, 'teilnehmerliste_anzeigen_eigene_filiale'],
    { parent: 'anmeldung_best_tigen_alle' },
  ),
  def('anmeldung_ablehnen_alle', 'Anmeldungen ablehnen (alle Filialen)', 'schulungen', [
    SCHULUNG,
    'teilnehmerliste_anzeigen_alle',
  ]),
  def(
    'anmeldung_ablehnen_eigene_filiale',
    'Anmeldungen ablehnen (eigene Filiale)',
    'schulungen',
    [SCHULUNG, 'teilnehmerliste_anzeigen_eigene_filiale'],
    { parent: 'anmeldung_ablehnen_alle' },
  ),
  def(
    'old_training_participant_list_can_edit',
    'Teilnehmerliste vergangener Veranstaltungen bearbeiten',
    'schulungen',
    [SCHULUNG],
  ),

  // ── Sortiment und Bestand (spec 2 §6) ────────────────────────────────────
  def(SORTIMENT_MENU, 'Sortiment: Menü sehen', 'sortiment'),
  def('sortiment_kategorie_erstellen', 'Sortimente anlegen', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_kategorie_bearbeiten', 'Sortimente bearbeiten', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_kategorie_l_schen', 'Sortimente löschen', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_artikel_erstellen', 'Artikel anlegen', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_artikel_bearbeiten', 'Artikel bearbeiten', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_artikel_l_schen', 'Artikel löschen', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_artikel_aktiv_inaktiv_setzen', 'Artikel aktiv/inaktiv setzen', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_artikel_label_bearbeiten', 'Farblabel von Artikeln bearbeiten', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_artikel_exportieren', 'Artikel exportieren (XLSX)', 'sortiment', [SORTIMENT_MENU]),
  def('sortiment_bei_allen_artikel_bestand_bearbeiten', 'Bestand in allen Filialen bearbeiten', 'sortiment', [
    SORTIMENT_MENU,
  ]),
  def(
    'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
    'Bestand in eigener Filiale bearbeiten',
    'sortiment',
    [SORTIMENT_MENU],
    { parent: 'sortiment_bei_allen_artikel_bestand_bearbeiten' },
  ),

  // ── Beanstandungen (spec 2 §6) ───────────────────────────────────────────
  def(CLAIMS_MENU, 'Beanstandungen: Menü sehen', 'beanstandungen'),
  def('beanstandungen_offene_alle_sehen', 'Beanstandungen aller Filialen sehen', 'beanstandungen', [CLAIMS_MENU]),
  def(
    'beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen',
    'Abgeschlossene, nicht gebuchte Beanstandungen aller Filialen als offen sehen',
    'beanstandungen',
    [CLAIMS_MENU],
  ),
  def('beanstandungen_buchen', 'Beanstandungen buchen (Bestandskorrektur, BA-Nummer)', 'beanstandungen', [
    CLAIMS_MENU,
  ]),
  def('claim_can_export', 'Beanstandungen exportieren (XLSX)', 'beanstandungen', [CLAIMS_MENU]),

  // ── Dokumente und Ordner (spec 2 §6) ─────────────────────────────────────
  def(DOKS_ALLE, 'Alle Dokumente und Ordner sehen', 'dokumente'),
  def(DOKS_EIGENE, 'Freigegebene Dokumente und Ordner sehen (eigene Gruppe)', 'dokumente', [], {
    parent: DOKS_ALLE,
  }),
  def('dokument_oder_ordner_alle_durchsuchen', 'Alle Dokumente durchsuchen', 'dokumente', [DOKS_ALLE]),
  def('dokument_oder_ordner_eigene_durchsuchen', 'Freigegebene Dokumente durchsuchen', 'dokumente', [DOKS_EIGENE], {
    parent: 'dokument_oder_ordner_alle_durchsuchen',
  }),
  def('dokument_oder_ordner_erstellen', 'Dokumente und Ordner erstellen', 'dokumente', [DOKS_EIGENE]),
  def('dokument_oder_ordner_bearbeiten', 'Dokumente und Ordner bearbeiten', 'dokumente', [DOKS_EIGENE]),
  def('dokument_oder_ordner_l_schen', 'Dokumente und Ordner löschen', 'dokumente', [DOKS_EIGENE]),

  // ── Werbung (spec 2 §6) ──────────────────────────────────────────────────
  def(WERBUNG_ALLE, 'Alle Werbung sehen (auch unveröffentlichte)', 'werbung'),
  def('werbung_ver_ffentlichte_sehen', 'Veröffentlichte Werbung sehen', 'werbung', [], { parent: WERBUNG_ALLE }),
  def('werbung_erstellen', 'Werbung erstellen', 'werbung', [WERBUNG_ALLE]),
  def('werbung_bearbeiten', 'Werbung bearbeiten', 'werbung', [WERBUNG_ALLE]),
  def('werbung_l_schen', 'Werbung löschen', 'werbung', [WERBUNG_ALLE]),

  // ── Einstellungen (spec 3 §6) ────────────────────────────────────────────
  def(SETTINGS, 'Einstellungen sehen', 'einstellungen'),
  def('einstellungen_benutzer_alle_sehen', 'Einstellungen: alle Benutzer sehen', 'einstellungen', [SETTINGS]),
  def(BENUTZER_SEHEN, 'Einstellungen: Benutzer aus eigener Filiale sehen', 'einstellungen', [SETTINGS], {
    parent: 'einstellungen_benutzer_alle_sehen',
  }),
  def('einstellungen_benutzer_erstellen', 'Einstellungen: Benutzer anlegen', 'einstellungen', [
    SETTINGS,
    BENUTZER_SEHEN,
  ]),
  def(BENUTZER_BEARBEITEN, 'Einstellungen: Benutzer bearbeiten', 'einstellungen', [SETTINGS, BENUTZER_SEHEN]),
  def(
    'einstellungen_benutzer_bearbeiten_alle_felder',
    'Einstellungen: Benutzer bearbeiten (alle Felder)',
    'einstellungen',
    [SETTINGS, BENUTZER_SEHEN, BENUTZER_BEARBEITEN],
    { conflictingWith: ['einstellungen_benutzer_bearbeiten_nur_freie_tage'] },
  ),
  def(
    'einstellungen_benutzer_bearbeiten_benutzername',
    'Einstellungen: Benutzername bearbeiten',
    'einstellungen',
    [SETTINGS, BENUTZER_SEHEN, BENUTZER_BEARBEITEN],
    { conflictingWith: ['einstellungen_benutzer_bearbeiten_nur_freie_tage'] },
  ),
  def(
    'einstellungen_benutzer_bearbeiten_nur_freie_tage',
    'Einstellungen: Benutzer bearbeiten (nur freie Tage und Anwesenheit)',
    'einstellungen',
    [SETTINGS, BENUTZER_SEHEN, BENUTZER_BEARBEITEN],
    {
      conflictingWith: [
        'einstellungen_benutzer_bearbeiten_alle_felder',
        'einstellungen_benutzer_bearbeiten_benutzername',
      ],
    },
  ),
  def('einstellungen_benutzer_aktiv_inaktiv_setzen', 'Einstellungen: Benutzer aktiv/inaktiv setzen', 'einstellungen', [
    SETTINGS,
    BENUTZER_SEHEN,
  ]),
  def('einstellungen_benutzer_l_schen', 'Einstellungen: Benutzer löschen', 'einstellungen', [
    SETTINGS,
    BENUTZER_SEHEN,
  ]),
  def('user_image_can_edit', 'Benutzerbild (Avatar) bearbeiten', 'einstellungen'),
  def('einstellungen_sondertermine_sehen', 'Einstellungen: Sondertermine sehen', 'einstellungen', [SETTINGS]),
  def('einstellungen_sondertermine_erstellen', 'Einstellungen: Sondertermine anlegen', 'einstellungen', [
    SETTINGS,
    'einstellungen_sondertermine_sehen',
  ]),
  def('einstellungen_sondertermine_bearbeiten', 'Einstellungen: Sondertermine bearbeiten', 'einstellungen', [
    SETTINGS,
    'einstellungen_sondertermine_sehen',
  ]),
  def('einstellungen_sondertermine_l_schen', 'Einstellungen: Sondertermine löschen', 'einstellungen', [
    SETTINGS,
    'einstellungen_sondertermine_sehen',
  ]),
  def('einstellungen_benutzergruppen_sehen', 'Einstellungen: Benutzergruppen sehen', 'einstellungen', [SETTINGS]),
  def(
    'einstellungen_benutzergruppen_bearbeiten',
    'Einstellungen: Benutzergruppen und Berechtigungen bearbeiten',
    'einstellungen',
    [SETTINGS, 'einstellungen_benutzergruppen_sehen'],
  ),
  def('einstellungen_standorte_sehen', 'Einstellungen: Standorte sehen', 'einstellungen', [SETTINGS]),
  def('einstellungen_standorte_erstellen', 'Einstellungen: Standorte anlegen', 'einstellungen', [
    SETTINGS,
    'einstellungen_standorte_sehen',
  ]),
  def('einstellungen_standorte_bearbeiten', 'Einstellungen: Standorte bearbeiten', 'einstellungen', [
    SETTINGS,
    'einstellungen_standorte_sehen',
  ]),
  def('einstellungen_standorte_l_schen', 'Einstellungen: Standorte löschen', 'einstellungen', [
    SETTINGS,
    'einstellungen_standorte_sehen',
  ]),
  def('einstellungen_login_verlauf_sehen', 'Einstellungen: Login-Verlauf sehen', 'einstellungen', [SETTINGS]),
  def('einstellungen_hersteller_sehen_1', 'Einstellungen: Hersteller sehen', 'einstellungen', [SETTINGS]),
  def('einstellungen_hersteller_erstellen', 'Einstellungen: Hersteller anlegen', 'einstellungen', [
    SETTINGS,
    'einstellungen_hersteller_sehen_1',
  ]),
  def('einstellungen_hersteller_bearbeiten', 'Einstellungen: Hersteller bearbeiten', 'einstellungen', [
    SETTINGS,
    'einstellungen_hersteller_sehen_1',
  ]),
  def('einstellungen_hersteller_l_schen', 'Einstellungen: Hersteller löschen', 'einstellungen', [
    SETTINGS,
    'einstellungen_hersteller_sehen_1',
  ]),
  def('einstellungen_labels_mit_farbe_sehen', 'Einstellungen: Farblabels sehen', 'einstellungen', [SETTINGS]),
  def('einstellungen_labels_mit_farbe_bearbeiten', 'Einstellungen: Farblabels bearbeiten', 'einstellungen', [
    SETTINGS,
    'einstellungen_labels_mit_farbe_sehen',
  ]),
  def(
    'settings_claim_can_edit_status',
    'Einstellungen: Beanstandungs-Status und -Auswahllisten bearbeiten',
    'einstellungen',
    [SETTINGS],
  ),
];

/** A permission of the catalogue: a misspelt one fails the type check wherever it is named. */
export type Permission = (typeof CATALOGUE)[number]['name'];

/** Typed as definitions of `Permission`: a dependency, conflict or parent not in the catalogue fails here. */
export const PERMISSIONS: readonly PermissionDefinition[] = CATALOGUE;

/** All permission names in catalogue order. */
export const PERMISSION_NAMES: readonly Permission[] = PERMISSIONS.map((p) => p.name);

export const permissionByName: ReadonlyMap<string, PermissionDefinition> = new Map(
  PERMISSIONS.map((p) => [p.name, p] as const),
);

const catalogueIndex: ReadonlyMap<string, number> = new Map(PERMISSION_NAMES.map((n, i) => [n, i] as const));

export function isPermission(name: string): name is Permission {
  return permissionByName.has(name);
}

/**
 * The given permissions plus everything they depend on (transitively), without duplicates,
 * in catalogue order. Unknown names are dropped.
 */
export function withDependencies(names: Iterable<Permission>): Permission[];
export function withDependencies(names: Iterable<string>): string[];
export function withDependencies(names: Iterable<string>): Permission[] {
  const result = new Set<Permission>();
  const stack: Permission[] = [];
  for (const name of names) if (isPermission(name)) stack.push(name);
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (result.has(name)) continue;
    result.add(name);
    for (const dep of permissionByName.get(name)?.dependencies ?? []) {
      if (!result.has(dep) && permissionByName.has(dep)) stack.push(dep);
    }
  }
  return [...result].sort((a, b) => catalogueIndex.get(a)! - catalogueIndex.get(b)!);
}

/**
 * The first conflict that adding `adding` (with its dependencies) to `selected` would cause,
 * or null. `name` is the permission being added (or one of its dependencies), `conflictsWith`
 * the permission it clashes with — already selected or brought along by the addition.
 */
export function findConflict(
  selected: Iterable<string>,
  adding: string,
): { name: string; conflictsWith: string } | null {
  const current = new Set(selected);
  const added = withDependencies([adding]);
  const after = new Set([...current, ...added]);
  for (const name of added) {
    for (const other of permissionByName.get(name)?.conflictingWith ?? []) {
      if (after.has(other)) return { name, conflictsWith: other };
    }
  }
  return null;
}

/** Permissions whose `parentPermission` is `name` (direct children), in catalogue order. */
export function childrenOf(name: string): string[] {
  return PERMISSIONS.filter((p) => p.parentPermission === name).map((p) => p.name);
}

/** The settings area: its permissions shape accounts, groups and the company's master data. */
export const SETTINGS_CATEGORY = 'einstellungen';

/**
 * Permissions that narrow another one down instead of adding power, with the one they narrow:
 * whoever may edit users in full is not outranked by someone who may edit only free days.
 */
const NARROWED_BY: Readonly<Record<string, string>> = {
  einstellungen_benutzer_bearbeiten_nur_freie_tage: 'einstellungen_benutzer_bearbeiten',
};

/**
 * Whether holding `held` covers `name`: it is held, or a wider form of it is (its parent
 * permission, up the chain), or it only narrows a permission that is held.
 */
export function isCoveredBy(name: string, held: ReadonlySet<string>): boolean {
  for (let p: string | null | undefined = name; p; p = permissionByName.get(p)?.parentPermission) {
    if (held.has(p)) return true;
  }
  const narrowed = NARROWED_BY[name];
  return narrowed !== undefined && isCoveredBy(narrowed, held);
}

/** The settings-area permissions among `names` that `held` does not cover, in catalogue order. */
export function uncoveredSettingsPermissions(names: Iterable<string>, held: Iterable<string>): string[] {
  const heldSet = held instanceof Set ? (held as ReadonlySet<string>) : new Set(held);
  const out = new Set<string>();
  for (const name of names) {
    if (permissionByName.get(name)?.category === SETTINGS_CATEGORY && !isCoveredBy(name, heldSet)) out.add(name);
  }
  return [...out].sort((a, b) => catalogueIndex.get(a)! - catalogueIndex.get(b)!);
}
