import { describe, expect, it } from 'vitest';
import { MSG } from '@filialportal/core/messages';
import { checkUserForm, emptyUserForm } from './user-form.ts';

const filled = () => ({
  ...emptyUserForm({ location: '0b6f6c1e-3f7a-4a51-9d43-3c1f4c1f2a10' }),
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
  it('checks the rest with the server schema, naming the form fields', () => {
    expect(checkUserForm({ ...filled(), presence: ['x'.repeat(51), '', '', '', '', '', ''] }, true)?.fields).toEqual(['presence']);
    expect(checkUserForm({ ...filled(), email: 'nina' }, true)).toEqual({ message: MSG.usernameInvalid, fields: ['email'] });
  });
});
