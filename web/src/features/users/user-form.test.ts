import { describe, expect, it } from 'vitest';
import { MSG } from '@filialportal/core/messages';
import { checkUserForm, editableFields, emptyUserForm } from './user-form.ts';

const filled = () => ({
  ...emptyUserForm({ location: 'loc' }),
  lastName: 'Neumann',
  firstName: 'Nina',
  email: 'nina@example.com',
  personalNumber: '7001',
  role: 'Verkauf',
  password: 'start123',
  passwordRepeat: 'start123',
});

describe('user form rules', () => {
  it('wants every required field, with the spec message', () => {
    expect(checkUserForm({ ...filled(), personalNumber: ' ' }, true)).toEqual({ message: MSG.fillAllFields, fields: ['personalNumber'] });
    expect(checkUserForm({ ...filled(), password: '' }, true)?.message).toBe(MSG.fillAllFields);
    expect(checkUserForm({ ...filled(), password: '', passwordRepeat: '' }, false)).toBeNull();
  });
  it('checks the passwords', () => {
    expect(checkUserForm({ ...filled(), passwordRepeat: 'anders1' }, true)?.message).toBe(MSG.passwordsDiffer);
    expect(checkUserForm({ ...filled(), password: 'abc', passwordRepeat: 'abc' }, true)?.message).toBe(MSG.passwordTooShort);
  });
  it('opens only free days and presence with "nur freie Tage"', () => {
    const fields = editableFields({ id: 'me', role: 'Filialleitung', permissions: ['einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_nur_freie_tage'] }, 'other');
    expect([...fields].sort()).toEqual(['freeDays', 'presence']);
  });
  it('locks password, username, group and status of a protected person, nothing else', () => {
    const hr = { id: 'me', role: 'Personalleitung', permissions: ['einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_alle_felder', 'einstellungen_benutzer_bearbeiten_benutzername'] };
    const open = editableFields(hr, 'other');
    const locked = editableFields(hr, 'other', true);
    for (const f of ['email', 'password', 'role', 'active'] as const) {
      expect(open.has(f), f).toBe(true);
      expect(locked.has(f), f).toBe(false);
    }
    expect([...open].filter((f) => !locked.has(f)).sort()).toEqual(['active', 'email', 'password', 'role']);
    expect(editableFields(hr, null, true).has('password')).toBe(true);
  });
  it('never lets someone deactivate himself', () => {
    const fields = editableFields({ id: 'me', role: 'Admin', permissions: [] }, 'me');
    expect(fields.has('active')).toBe(false);
    expect(fields.has('lastName')).toBe(true);
  });
});
