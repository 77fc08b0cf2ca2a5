import { useEffect } from 'react';
import { randomId } from '@mantine/hooks';
import { modals as events } from '@mantine/modals';

/**
 * Mantine's dialog calls (`modals.open`, `openConfirmModal`, `close`), held until the dialogs'
 * host listens. The host (ModalsProvider, with the Modal code and what it brings) comes with
 * the overlays after the page's first view (app/Overlays.tsx); a call is an event, and one sent
 * before the host listens would be lost, such as a delete clicked while the page appears. The
 * features open dialogs through this, never through Mantine's `modals` directly (lint).
 */
let listening = false;
const held: (() => void)[] = [];

function whenListening(call: () => void): void {
  if (listening) call();
  else held.push(call);
}

type OpenPayload = Parameters<typeof events.open>[0];
type ConfirmPayload = Parameters<typeof events.openConfirmModal>[0];

export const modals = {
  /** Opens a dialog; its id is known at once, for `close`. */
  open(payload: OpenPayload): string {
    const modalId = payload.modalId ?? randomId();
    whenListening(() => events.open({ ...payload, modalId }));
    return modalId;
  },
  openConfirmModal(payload: ConfirmPayload): string {
    const modalId = payload.modalId ?? randomId();
    whenListening(() => events.openConfirmModal({ ...payload, modalId }));
    return modalId;
  },
  close(modalId: string): void {
    whenListening(() => events.close(modalId));
  },
  /** Closes every dialog and drops those not yet shown (the session ended). */
  closeAll(): void {
    held.length = 0;
    if (listening) events.closeAll();
  },
};

/** Whether the host listens; from true on, the held calls go out in order. */
export function setModalsListening(on: boolean): void {
  listening = on;
  if (on) for (const call of held.splice(0)) call();
}

/**
 * Called by a component drawn after the host (app/Overlays.tsx): its effect runs after the
 * host's, whose listeners are then in place.
 */
export function useModalsListening(): void {
  useEffect(() => {
    setModalsListening(true);
    return () => setModalsListening(false);
  }, []);
}
