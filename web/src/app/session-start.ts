import { startEarly } from '../api/client.ts';
import { session } from '../api/session.ts';
import { applicationChunk, chunk } from './chunks.ts';

/** The session's code (SessionApp.tsx), in one chunk with the application's (app/start-modules.ts). */
export const sessionChunk = chunk(() => import('./SessionApp.tsx'));

/**
 * A page opened with a session starts what it needs first, the application's code and the current
 * user, as soon as the entry runs: main.tsx imports this module before anything else, so it runs
 * before React and the login page's modules are evaluated and the first render asks for them.
 */
if (session.token()) {
  void sessionChunk.start();
  void applicationChunk.start();
  startEarly('/api/user');
}
