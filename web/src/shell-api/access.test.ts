import { describe, expect, it } from 'vitest';
import { can } from './access.ts';

describe('permission rules on the web', () => {
  it('reads permissions as before, with or without a role', () => {
    expect(can([], null)).toBe(true);
    expect(can(['urlaub_menu_sehen'], 'urlaub_menu_sehen')).toBe(true);
    expect(can(['urlaub_menu_sehen'], { anyOf: ['aufgaben_menu_sehen', 'urlaub_menu_sehen'] }, 'Verkauf')).toBe(true);
    expect(can(['urlaub_menu_sehen'], { allOf: ['aufgaben_menu_sehen', 'urlaub_menu_sehen'] })).toBe(false);
  });

  it('passes a roles rule for its roles and for Admin, as the server does', () => {
    const rule = { roles: ['Personalleitung'] } as const;
    expect(can([], rule, 'Personalleitung')).toBe(true);
    expect(can([], rule, 'Admin')).toBe(true);
    expect(can([], { roles: ['Admin'] }, 'Admin')).toBe(true);
    expect(can(['einstellungen_login_verlauf_sehen'], { roles: ['Admin'] }, 'Personalleitung')).toBe(false);
  });

  it('refuses a roles rule when the role is not known', () => {
    expect(can([], { roles: ['Admin'] })).toBe(false);
  });
});
