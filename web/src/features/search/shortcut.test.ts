import { describe, expect, it } from 'vitest';
import { earlyCharacter, opensSearch } from './shortcut.ts';

const press = (key: string, target: object | null = { tagName: 'BODY' }, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) =>
  opensSearch({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods, target: target as EventTarget });

describe('the shortcuts of the header search', () => {
  it('opens on / outside fields, with Shift too (German keyboards)', () => {
    expect(press('/')).toBe(true);
    expect(press('/', { tagName: 'BUTTON' }, { shiftKey: true })).toBe(true);
  });

  it('leaves / to fields and editors', () => {
    expect(press('/', { tagName: 'INPUT' })).toBe(false);
    expect(press('/', { tagName: 'TEXTAREA' })).toBe(false);
    expect(press('/', { tagName: 'DIV', isContentEditable: true })).toBe(false);
  });

  it('opens on Ctrl+K and Cmd+K, in fields too', () => {
    expect(press('k', { tagName: 'INPUT' }, { ctrlKey: true })).toBe(true);
    expect(press('K', null, { metaKey: true })).toBe(true);
    expect(press('k')).toBe(false);
    expect(press('k', null, { ctrlKey: true, altKey: true })).toBe(false);
  });

  it('leaves the keys of an open dialog to it', () => {
    const inDialog = { tagName: 'BUTTON', closest: (selector: string) => (selector === '[role="dialog"]' ? {} : null) };
    expect(press('/', inDialog)).toBe(false);
    expect(press('k', inDialog, { ctrlKey: true })).toBe(false);
  });
});

describe('keys typed while the search opens', () => {
  const early = (key: string, target: object | null = { tagName: 'BODY' }, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) =>
    earlyCharacter({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods, target: target as EventTarget });

  it('keeps printable characters, with Shift too', () => {
    expect(early('K', { tagName: 'BODY' }, { shiftKey: true })).toBe('K');
    expect(early('ä')).toBe('ä');
    expect(early(' ', { tagName: 'DIV' })).toBe(' ');
  });

  it('leaves keys, shortcuts and fields alone', () => {
    expect(early('Enter')).toBeNull();
    expect(early('Escape')).toBeNull();
    expect(early('a', { tagName: 'INPUT' })).toBeNull();
    expect(early('v', null, { ctrlKey: true })).toBeNull();
    expect(early('v', null, { metaKey: true })).toBeNull();
  });
});
