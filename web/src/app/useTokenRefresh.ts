import { useEffect } from 'react';
import { session } from '../api/session.ts';
import { refreshToken } from '../features/session/session.api.ts';

/** Time between refresh checks (spec 1 §9 "token refresh 10000 ms"). */
export const TOKEN_REFRESH_MS = 10_000;

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'keydown', 'touchstart'] as const;

/**
 * Every 10 s, if the person used mouse, keyboard or touch since the last check, tells the
 * server the session is in use. Without activity nothing is sent, so an idle session can time
 * out on the server (the group's login time); the next call then ends it with 408.
 */
export function useTokenRefresh(intervalMs = TOKEN_REFRESH_MS) {
  useEffect(() => {
    let active = false;
    const markActive = () => {
      active = true;
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true, capture: true });
    const timer = setInterval(() => {
      if (!active || !session.token()) return;
      active = false;
      refreshToken()
        .then(({ token }) => session.replaceToken(token))
        .catch(() => {
          // A lost session is handled by the client; other failures wait for the next check.
        });
    }, intervalMs);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
    };
  }, [intervalMs]);
}
