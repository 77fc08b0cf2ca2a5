import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.ts';
import { AVATAR_ACCEPT, avatarProblem, canEditUsers, editableUserFields, USER_FORM_FIELDS, userEditFields } from '../src/users.ts';

const hr = {
  id: 'me',
  role: 'Personalleitung',
  permissions: ['einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_alle_felder', 'einstellungen_benutzer_bearbeiten_benutzername'],
};

describe('userEditFields', () => {
  it('opens only free days and presence with "nur freie Tage"', () => {
    const actor = { id: 'me', role: 'Filialleitung', permissions: ['einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_nur_freie_tage'] };
    expect([...userEditFields(actor)].sort()).toEqual(['freeDays', 'presence']);
  });
  it('gives the base fields with einstellungen_benutzer_bearbeiten alone', () => {
    const fields = userEditFields({ id: 'me', role: 'Filialleitung', permissions: new Set(['einstellungen_benutzer_bearbeiten']) });
    expect(fields.has('lastName')).toBe(true);
    expect(fields.has('role')).toBe(true);
    for (const f of ['email', 'personalNumber', 'active', 'holidayContingent', 'image'] as const) expect(fields.has(f), f).toBe(false);
  });
  it('adds the extra fields, the username and the picture with their permissions', () => {
    const fields = userEditFields({ ...hr, permissions: [...hr.permissions, 'user_image_can_edit'] });
    for (const f of ['email', 'personalNumber', 'active', 'holidaySurplusPreviousYear', 'image'] as const) expect(fields.has(f), f).toBe(true);
  });
  it('gives Admin every field, "nur freie Tage" narrows nothing for him', () => {
    const admin = { id: 'a', role: 'Admin', permissions: ['einstellungen_benutzer_bearbeiten_nur_freie_tage'] };
    expect(userEditFields(admin).size).toBe(USER_FORM_FIELDS.length);
  });
  it('gives nothing without an edit permission', () => {
    const actor = { id: 'me', role: 'Verkauf', permissions: ['einstellungen_benutzer_alle_sehen'] };
    expect(canEditUsers(actor)).toBe(false);
    expect(userEditFields(actor).size).toBe(0);
  });
});

describe('editableUserFields', () => {
  it('opens every field of a new user', () => {
    expect(editableUserFields({ id: 'me', role: 'Filialleitung', permissions: [] }, null, true).size).toBe(USER_FORM_FIELDS.length);
  });
  it('locks password, username, group and status of a protected person, nothing else', () => {
    const open = editableUserFields(hr, 'other');
    const locked = editableUserFields(hr, 'other', true);
    expect([...open].filter((f) => !locked.has(f)).sort()).toEqual(['active', 'email', 'password', 'role']);
  });
  it('never lets someone deactivate himself, but always change his picture', () => {
    const own = editableUserFields({ id: 'me', role: 'Filialleitung', permissions: ['einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_alle_felder'] }, 'me');
    expect(own.has('active')).toBe(false);
    expect(own.has('image')).toBe(true);
    expect(editableUserFields({ id: 'me', role: 'Admin', permissions: [] }, 'me').has('active')).toBe(false);
  });
});

describe('avatarProblem', () => {
  it('accepts JPEG, PNG and GIF by name, in any case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.gif']) expect(avatarProblem({ name, size: 1000 }), name).toBeNull();
  });
  it('refuses other types, by name and by content', () => {
    expect(avatarProblem({ name: 'notiz.txt', size: 5 })).toBe(MSG.avatarType);
    expect(avatarProblem({ name: 'bild' })).toBe(MSG.avatarType);
    expect(avatarProblem({ name: 'bild.png', type: 'text/plain' })).toBe(MSG.avatarType);
    expect(avatarProblem({ name: 'bild.png', type: null })).toBe(MSG.avatarType);
    expect(avatarProblem({ name: 'bild.png', type: 'image/png' })).toBeNull();
  });
  it('refuses more than 10 MB', () => {
    expect(avatarProblem({ name: 'a.png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(avatarProblem({ name: 'a.png', size: 10 * 1024 * 1024 + 1 })).toBe(MSG.avatarTooLarge);
  });
  it('offers the same types to the file picker', () => {
    expect(AVATAR_ACCEPT).toBe('.jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif');
  });
});
