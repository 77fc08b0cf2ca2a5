import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.ts';
import { isTabletUserAgent, ZLoginFields } from '../src/session.ts';
import { checkNewPassword, initials, ZCreateUserRequest, ZUpdateOwnSettingsRequest } from '../src/users.ts';
import { isIpv4, parseIpList } from '../src/locations.ts';
import { nextSort, parseSort } from '../src/sort.ts';
import '../src/zod.ts';

describe('checkNewPassword', () => {
  it('treats empty as no change', () => expect(checkNewPassword('', '')).toBeNull());
  it('wants both equal first', () => expect(checkNewPassword('abcdef', 'abcdeg')).toBe(MSG.passwordsDiffer));
  it('wants six characters', () => expect(checkNewPassword('abc', 'abc')).toBe(MSG.passwordTooShort));
  it('accepts six equal characters', () => expect(checkNewPassword('abcdef', 'abcdef')).toBeNull());
  it('a repeat without password differs', () => expect(checkNewPassword(undefined, 'x')).toBe(MSG.passwordsDiffer));
});

describe('ZUpdateOwnSettingsRequest', () => {
  const parse = (v: unknown) => ZUpdateOwnSettingsRequest.safeParse(v);
  it('requires names of at least 2 characters, trimmed', () => {
    const r = parse({ user: { firstName: ' A ', lastName: 'Meyer' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(MSG.fillAllFields);
  });
  it('reports the password rule', () => {
    const r = parse({ user: { firstName: 'Anna', lastName: 'Meyer' }, password: 'abc', passwordRepeat: 'abc' });
    expect(r.error!.issues[0]!.message).toBe(MSG.passwordTooShort);
  });
  it('gives German messages for wrong types', () => {
    const r = parse({ user: { firstName: 'Anna', lastName: 'Meyer', phone: 5 } });
    expect(r.error!.issues[0]!.message).toMatch(/Ungültige Eingabe/);
  });
});

describe('small rules', () => {
  it('initials', () => expect(initials('anna', 'meyer')).toBe('AM'));
  it('tablet detection', () => {
    expect(isTabletUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isTabletUserAgent('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36')).toBe(true);
    expect(isTabletUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(false);
    expect(isTabletUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBe(false);
    expect(isTabletUserAgent(undefined)).toBe(false);
  });
  it('IPv4 lists', () => {
    expect(parseIpList(' 10.0.0.1, 10.0.0.2 ,,')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(isIpv4('192.168.178.1')).toBe(true);
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('10.0.0')).toBe(false);
    expect(isIpv4('01.2.3.4')).toBe(false);
  });
  it('sort toggle cycles none → asc → desc → none', () => {
    expect(nextSort('', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('');
    expect(nextSort('-city', 'name')).toBe('name');
    expect(parseSort('-name', ['name'] as const)).toEqual({ field: 'name', desc: true });
    expect(parseSort('secret', ['name'] as const)).toBeNull();
  });
});

describe('the login form and a new user', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]);

  it('the login form names each empty field; a name of spaces is empty', () => {
    expect(issues(ZLoginFields.safeParse({ username: ' ', password: '' }))).toEqual([
      ['username', MSG.usernameRequired],
      ['password', MSG.passwordRequired],
    ]);
    expect(ZLoginFields.safeParse({ username: 'nina', password: 'x' }).success).toBe(true);
  });

  it('a missing password is named with the other empty fields, after them', () => {
    const user = { firstName: 'Nina', lastName: '', email: 'nina@example.com', location: '00000000-0000-4000-8000-000000000001', personalNumber: '17' };
    expect(issues(ZCreateUserRequest.safeParse({ user, role: 'Verkauf' }))).toEqual([
      ['user.lastName', MSG.fillAllFields],
      ['password', MSG.fillAllFields],
    ]);
  });
});
