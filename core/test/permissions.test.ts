import { describe, it, expect } from 'vitest';
import {
  PERMISSIONS,
  PERMISSION_CATEGORIES,
  PERMISSION_NAMES,
  permissionByName,
  isPermission,
  withDependencies,
  findConflict,
  childrenOf,
  isCoveredBy,
  uncoveredSettingsPermissions,
} from '../src/permissions.ts';
import { ROLE_ASSIGNABLE, ROLE_PERMISSIONS, ROLE_LABELS, ROLE_SORTING, ROLE_SUBORDINATES } from '../src/role-permissions.ts';
import { assignableListProblem, mayEverAssign } from '../src/teams.ts';
import { MSG } from '../src/messages.ts';
import { ROLE_IDENTIFIERS, FILTER_FREE_ROLES } from '../src/roles.ts';

const names = new Set(PERMISSION_NAMES);

function conflictsIn(set: readonly string[]): string[] {
  const chosen = new Set(set);
  const found: string[] = [];
  for (const name of set) {
    for (const other of permissionByName.get(name)!.conflictingWith) {
      if (chosen.has(other)) found.push(`${name} <> ${other}`);
    }
  }
  return found;
}

describe('permission catalogue', () => {
  it('has at least 100 permissions', () => {
    expect(PERMISSIONS.length).toBeGreaterThanOrEqual(100);
    expect(PERMISSION_NAMES.length).toBe(PERMISSIONS.length);
  });

  it('has unique snake_case names', () => {
    expect(names.size).toBe(PERMISSIONS.length);
    for (const n of PERMISSION_NAMES) expect(n).toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
  });

  it('has a non-empty German label for every permission, unique labels', () => {
    for (const p of PERMISSIONS) expect(p.label.trim().length).toBeGreaterThan(3);
    expect(new Set(PERMISSIONS.map((p) => p.label)).size).toBe(PERMISSIONS.length);
  });

  it('contains spec strings verbatim', () => {
    for (const n of [
      'urlaub_r_ckdatiert_beantragen',
      'einstellungen_hersteller_sehen_1',
      'werbung_ver_ffentlichte_sehen',
      'an_abwesenheit_erweiterten_titel_anzeigen',
      'settings_claim_can_edit_status',
      'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
      'beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen',
      'anmeldung_best_tigen_alle',
      'old_training_participant_list_can_edit',
      'dashboard_menu_sehen',
    ]) {
      expect(isPermission(n), n).toBe(true);
    }
  });

  it('contains the expanded abbreviated families', () => {
    for (const n of [
      'mitarbeiter_anmelden_eigene_filiale',
      'anmeldung_best_tigen_eigene_filiale',
      'anmeldung_ablehnen_eigene_filiale',
      'teilnehmerliste_anzeigen_eigene_filiale',
      'teilnehmerliste_herunterladen_eigene_filiale',
      'bewertungen_herunterladen_eigene_filiale',
      'einstellungen_sondertermine_l_schen',
      'einstellungen_standorte_erstellen',
      'einstellungen_hersteller_erstellen',
      'einstellungen_hersteller_bearbeiten',
      'einstellungen_hersteller_l_schen',
      'einstellungen_labels_mit_farbe_bearbeiten',
      'sortiment_artikel_bearbeiten',
      'sortiment_artikel_l_schen',
      'dokument_oder_ordner_bearbeiten',
      'dokument_oder_ordner_l_schen',
      'dokument_oder_ordner_alle_durchsuchen',
    ]) {
      expect(isPermission(n), n).toBe(true);
    }
    expect(isPermission('gibt_es_nicht')).toBe(false);
  });

  it('references only existing permissions in dependencies, conflicts and parents', () => {
    for (const p of PERMISSIONS) {
      for (const d of p.dependencies) expect(names.has(d), `${p.name} -> ${d}`).toBe(true);
      for (const c of p.conflictingWith) expect(names.has(c), `${p.name} x ${c}`).toBe(true);
      if (p.parentPermission !== null) expect(names.has(p.parentPermission), p.name).toBe(true);
      expect(p.dependencies).not.toContain(p.name);
      expect(p.conflictingWith).not.toContain(p.name);
      expect(p.parentPermission).not.toBe(p.name);
    }
  });

  it('has symmetric conflicts that never clash with dependencies', () => {
    for (const p of PERMISSIONS) {
      for (const c of p.conflictingWith) {
        expect(permissionByName.get(c)!.conflictingWith, `${c} should list ${p.name}`).toContain(p.name);
        expect(withDependencies([p.name])).not.toContain(c);
      }
    }
    expect(findConflict([], 'einstellungen_benutzer_bearbeiten_alle_felder')).toBeNull();
  });

  it('has no dependency cycles', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (n: string, path: string[]): void => {
      if (state.get(n) === 'done') return;
      if (state.get(n) === 'visiting') throw new Error(`cycle: ${[...path, n].join(' -> ')}`);
      state.set(n, 'visiting');
      for (const d of permissionByName.get(n)!.dependencies) visit(d, [...path, n]);
      state.set(n, 'done');
    };
    expect(() => PERMISSION_NAMES.forEach((n) => visit(n, []))).not.toThrow();
  });

  it('has no parent cycles, and parents stay in the same category', () => {
    for (const p of PERMISSIONS) {
      const seen = new Set<string>([p.name]);
      let parent = p.parentPermission;
      while (parent !== null) {
        expect(seen.has(parent), `parent cycle at ${p.name}`).toBe(false);
        seen.add(parent);
        parent = permissionByName.get(parent)!.parentPermission;
      }
      if (p.parentPermission) expect(permissionByName.get(p.parentPermission)!.category).toBe(p.category);
    }
  });

  it('lists dependencies transitively', () => {
    for (const p of PERMISSIONS) {
      const closure = withDependencies(p.dependencies);
      expect([...closure].sort(), p.name).toEqual([...p.dependencies].sort());
    }
  });

  it('makes every einstellungen_* permission depend on einstellungen_sehen', () => {
    for (const p of PERMISSIONS) {
      if (p.name.startsWith('einstellungen_') && p.name !== 'einstellungen_sehen') {
        expect(p.dependencies, p.name).toContain('einstellungen_sehen');
      }
    }
  });

  it('references only existing categories, with unique names, and uses every category', () => {
    const cats = new Set(PERMISSION_CATEGORIES.map((c) => c.name));
    expect(cats.size).toBe(PERMISSION_CATEGORIES.length);
    for (const p of PERMISSIONS) expect(cats.has(p.category), `${p.name}: ${p.category}`).toBe(true);
    for (const c of PERMISSION_CATEGORIES) {
      expect(PERMISSIONS.some((p) => p.category === c.name), c.name).toBe(true);
      expect(c.label.length).toBeGreaterThan(0);
      expect(c.icon).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(c.icon.startsWith('Icon')).toBe(false);
    }
  });

  it('has the parents named in the brief', () => {
    const parentOf = (n: string) => permissionByName.get(n)!.parentPermission;
    expect(parentOf('krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten')).toBe(
      'krankmeldungen_von_allen_sehen_und_bearbeiten',
    );
    expect(parentOf('urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten')).toBe(
      'urlaub_von_allen_sehen_und_bearbeiten',
    );
    expect(parentOf('mitarbeiter_anmelden_eigene_filiale')).toBe('mitarbeiter_anmelden_alle');
    expect(parentOf('dokument_oder_ordner_eigene_sehen')).toBe('dokument_oder_ordner_alle_sehen');
    expect(parentOf('einstellungen_benutzer_aus_eigener_filiale_sehen')).toBe('einstellungen_benutzer_alle_sehen');
  });
});

describe('catalogue helpers', () => {
  it('withDependencies adds dependencies in catalogue order, without duplicates or unknown names', () => {
    expect(withDependencies(['urlaub_r_ckdatiert_beantragen'])).toEqual([
      'urlaub_menu_sehen',
      'urlaub_antrag_stellen',
      'urlaub_r_ckdatiert_beantragen',
    ]);
    const r = withDependencies(['einstellungen_standorte_erstellen', 'einstellungen_sehen', 'unbekannt']);
    expect(r).toEqual(['einstellungen_sehen', 'einstellungen_standorte_sehen', 'einstellungen_standorte_erstellen']);
    expect(withDependencies(['aufgaben_erhalten'])).toContain('aufgaben_menu_sehen');
    expect(withDependencies([])).toEqual([]);
  });

  it('findConflict finds a conflict with an already selected permission', () => {
    const selected = withDependencies(['einstellungen_benutzer_bearbeiten_alle_felder']);
    expect(findConflict(selected, 'einstellungen_benutzer_bearbeiten_nur_freie_tage')).toEqual({
      name: 'einstellungen_benutzer_bearbeiten_nur_freie_tage',
      conflictsWith: 'einstellungen_benutzer_bearbeiten_alle_felder',
    });
    expect(findConflict(selected, 'einstellungen_benutzer_bearbeiten_benutzername')).toBeNull();
    expect(findConflict(['urlaub_menu_sehen'], 'urlaub_antrag_stellen')).toBeNull();
  });

  it('childrenOf lists the narrower variants', () => {
    expect(childrenOf('urlaub_von_allen_sehen_und_bearbeiten')).toEqual([
      'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
      'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten',
    ]);
    expect(childrenOf('mitarbeiter_anmelden_alle')).toEqual(['mitarbeiter_anmelden_eigene_filiale']);
    expect(childrenOf('urlaub_antrag_stellen')).toEqual([]);
  });
});

describe('demo role permission sets', () => {
  it('covers every role with labels, sorting and subordinates', () => {
    for (const role of ROLE_IDENTIFIERS) {
      expect(ROLE_PERMISSIONS[role], role).toBeDefined();
      expect(ROLE_LABELS[role].length, role).toBeGreaterThan(0);
      expect(typeof ROLE_SORTING[role]).toBe('number');
      for (const sub of ROLE_SUBORDINATES[role]) expect(ROLE_IDENTIFIERS).toContain(sub);
    }
    expect(new Set(Object.values(ROLE_LABELS)).size).toBe(ROLE_IDENTIFIERS.length);
    expect(new Set(Object.values(ROLE_SORTING)).size).toBe(ROLE_IDENTIFIERS.length);
    // the filter-free roles are recognised by label (spec 1 §4)
    for (const role of FILTER_FREE_ROLES) expect(ROLE_LABELS[role]).toBe(role);
    expect(ROLE_LABELS.FranchisepartnerFiliale).toBe('Franchisepartner (Filiale)');
  });

  it('uses only known permissions, without duplicates', () => {
    for (const role of ROLE_IDENTIFIERS) {
      const set = ROLE_PERMISSIONS[role];
      expect(new Set(set).size, role).toBe(set.length);
      for (const n of set) expect(isPermission(n), `${role}: ${n}`).toBe(true);
    }
  });

  it('keeps every set closed under dependencies', () => {
    for (const role of ROLE_IDENTIFIERS) {
      expect(withDependencies(ROLE_PERMISSIONS[role]), role).toEqual([...ROLE_PERMISSIONS[role]]);
    }
  });

  it('keeps every set free of conflicts (Admin, holding everything, excepted)', () => {
    for (const role of ROLE_IDENTIFIERS) {
      if (role === 'Admin') continue;
      expect(conflictsIn(ROLE_PERMISSIONS[role]), role).toEqual([]);
    }
  });

  it('gives Admin every permission', () => {
    expect([...ROLE_PERMISSIONS.Admin].sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it('gives Ausgeblendet nothing', () => {
    expect(ROLE_PERMISSIONS.Ausgeblendet).toEqual([]);
  });

  it('gives Verkauf the staff basics and no settings', () => {
    const v = ROLE_PERMISSIONS.Verkauf;
    expect(v.filter((n) => n.startsWith('einstellungen_'))).toEqual([]);
    for (const n of [
      'urlaub_antrag_stellen',
      'urlaub_menu_sehen',
      'dashboard_menu_sehen',
      'neuigkeiten_eigene_sehen',
      'aufgaben_menu_sehen',
      'aufgaben_erhalten',
      'an_abwesenheit_menu_sehen',
      'sortiment_menu_sehen',
      'beanstandungen_menu_sehen',
      'dokument_oder_ordner_eigene_sehen',
      'schulung_sehen',
    ]) {
      expect(v, n).toContain(n);
    }
  });

  it('gives Personalleitung all vacation, sick and calendar rights and the user settings', () => {
    const p = new Set(ROLE_PERMISSIONS.Personalleitung);
    for (const n of PERMISSION_NAMES) {
      if (n.startsWith('urlaub_') || n.startsWith('krankmeldungen_') || n.startsWith('an_abwesenheit_')) {
        expect(p.has(n), n).toBe(true);
      }
    }
    expect(p.has('einstellungen_sehen')).toBe(true);
    expect(p.has('einstellungen_benutzer_alle_sehen')).toBe(true);
    expect(p.has('einstellungen_benutzer_bearbeiten_alle_felder')).toBe(true);
    expect(p.has('einstellungen_benutzer_l_schen')).toBe(true);
  });

  it('lets Filialleitung manage its own location', () => {
    const f = ROLE_PERMISSIONS.Filialleitung;
    for (const n of [
      'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten',
      'an_abwesenheit_in_eigener_filiale_bearbeiten',
      'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten',
      'krankmeldungen_aus_eigener_filiale_l_schen',
      'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
    ]) {
      expect(f, n).toContain(n);
    }
    expect(f).not.toContain('urlaub_von_allen_sehen_und_bearbeiten');
    expect(ROLE_SUBORDINATES.Filialleitung).toEqual(['Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger']);
    expect(ROLE_SUBORDINATES.Zentrallagerleitung).toEqual(['Lagerist']);
    expect(ROLE_SUBORDINATES.Personalleitung).not.toContain('Admin');
  });
});

describe('who outranks whom in the settings area', () => {
  const held = (names: string[]) => new Set(names);

  it('covers a permission by itself, by a wider parent, and a narrowing one by what it narrows', () => {
    expect(isCoveredBy('einstellungen_standorte_sehen', held(['einstellungen_standorte_sehen']))).toBe(true);
    expect(isCoveredBy('einstellungen_benutzer_aus_eigener_filiale_sehen', held(['einstellungen_benutzer_alle_sehen']))).toBe(true);
    expect(isCoveredBy('einstellungen_benutzer_bearbeiten_nur_freie_tage', held(['einstellungen_benutzer_bearbeiten']))).toBe(true);
    // The other way round is more power, not less.
    expect(isCoveredBy('einstellungen_benutzer_alle_sehen', held(['einstellungen_benutzer_aus_eigener_filiale_sehen']))).toBe(false);
    expect(isCoveredBy('einstellungen_benutzer_bearbeiten', held(['einstellungen_benutzer_bearbeiten_nur_freie_tage']))).toBe(false);
    expect(isCoveredBy('einstellungen_benutzer_bearbeiten_nur_freie_tage', held([]))).toBe(false);
  });

  it('counts only settings permissions, user image and claim status included', () => {
    expect(uncoveredSettingsPermissions(['sortiment_kategorie_l_schen', 'user_image_can_edit', 'settings_claim_can_edit_status'], [])).toEqual([
      'user_image_can_edit',
      'settings_claim_can_edit_status',
    ]);
    expect(uncoveredSettingsPermissions(ROLE_PERMISSIONS.Verwaltung, ROLE_PERMISSIONS.Personalleitung)).toContain('einstellungen_standorte_sehen');
    expect(uncoveredSettingsPermissions(ROLE_PERMISSIONS.Filialleitung, ROLE_PERMISSIONS.Personalleitung)).toEqual([]);
  });

  it('never lets anyone give Admin or a group with more settings rights', () => {
    const hr = ROLE_PERMISSIONS.Personalleitung;
    expect(mayEverAssign(hr, { name: 'Admin', permissions: [] })).toBe(false);
    expect(mayEverAssign(hr, { name: 'Verwaltung', permissions: ROLE_PERMISSIONS.Verwaltung })).toBe(false);
    expect(mayEverAssign(hr, { name: 'Filialleitung', permissions: ROLE_PERMISSIONS.Filialleitung })).toBe(true);
    expect(mayEverAssign(hr, { name: 'Verkauf', permissions: ROLE_PERMISSIONS.Verkauf })).toBe(true);
  });

  it('names the refused groups of an assignable list', () => {
    const problem = assignableListProblem(ROLE_PERMISSIONS.Personalleitung, [
      { name: 'Verkauf', label: 'Verkauf', permissions: ROLE_PERMISSIONS.Verkauf },
      { name: 'Admin', label: 'Admin', permissions: ROLE_PERMISSIONS.Admin },
      { name: 'Buchhaltung', label: 'Buchhaltung', permissions: ROLE_PERMISSIONS.Buchhaltung },
    ]);
    expect(problem).toBe(`${MSG.assignableNotAllowed} Nicht zuweisbar: „Admin“, „Buchhaltung“.`);
    expect(assignableListProblem(ROLE_PERMISSIONS.Personalleitung, [])).toBeNull();
  });

  it('seeds assignable lists that obey the rule; HR onboards shop, warehouse and franchise staff', () => {
    for (const role of ROLE_IDENTIFIERS) {
      for (const g of ROLE_ASSIGNABLE[role]) expect(mayEverAssign(ROLE_PERMISSIONS[role], { name: g, permissions: ROLE_PERMISSIONS[g] }), `${role} → ${g}`).toBe(true);
    }
    const hr = ROLE_ASSIGNABLE.Personalleitung;
    for (const g of ['Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger', 'Lagerist', 'Filialleitung'] as const) expect(hr).toContain(g);
    for (const g of ['Admin', 'Verwaltung', 'Buchhaltung', 'Vertriebsleitung', 'Zentrallagerleitung'] as const) expect(hr).not.toContain(g);
    // Everything the rule allows HR is on its list.
    const allowed = ROLE_IDENTIFIERS.filter((g) => mayEverAssign(ROLE_PERMISSIONS.Personalleitung, { name: g, permissions: ROLE_PERMISSIONS[g] }));
    expect([...hr].sort()).toEqual([...allowed].sort());
  });
});
