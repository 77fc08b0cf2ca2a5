import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// Mantine's dialog calls are events on the window; here the window is an event target that records them.
const seen: { type: string; detail: { modalId?: string; title?: string } | string }[] = [];
beforeAll(() => {
  const target = new EventTarget();
  for (const type of ['openModal', 'openConfirmModal', 'closeModal', 'closeAllModals']) {
    target.addEventListener(`mantine-modals:${type}`, (event) => seen.push({ type, detail: (event as CustomEvent).detail }));
  }
  Object.assign(globalThis, { window: target });
});

const { modals, setModalsListening } = await import('./modals.ts');

afterEach(() => {
  setModalsListening(false);
  seen.length = 0;
});

describe('dialog calls before their host listens', () => {
  it('are held, then delivered in their order with the ids returned at once', () => {
    const confirm = modals.openConfirmModal({ title: 'Löschen?' });
    const form = modals.open({ title: 'Name' });
    modals.close(form);
    expect(seen).toEqual([]);
    expect(confirm).not.toBe(form);

    setModalsListening(true);
    expect(seen.map((e) => e.type)).toEqual(['openConfirmModal', 'openModal', 'closeModal']);
    expect(seen[0]!.detail).toMatchObject({ modalId: confirm, title: 'Löschen?' });
    expect(seen[1]!.detail).toMatchObject({ modalId: form, title: 'Name' });
    expect(seen[2]!.detail).toBe(form);
  });

  it('go out at once while the host listens, and an id given is kept', () => {
    setModalsListening(true);
    expect(modals.openConfirmModal({ modalId: 'eigene-id', title: 'X' })).toBe('eigene-id');
    expect(seen).toEqual([{ type: 'openConfirmModal', detail: expect.objectContaining({ modalId: 'eigene-id' }) }]);
  });

  it('are dropped by closeAll when the session ends before the host listens', () => {
    modals.openConfirmModal({ title: 'Löschen?' });
    modals.closeAll();
    setModalsListening(true);
    expect(seen).toEqual([]);
  });
});
