import type { FastifyInstance } from 'fastify';
import { sessionErasure } from './session-erasure.ts';
import type { Deps } from '../../platform/deps.ts';
import { endSessions } from '../users/index.ts';
import { sessionRoutes } from './session.routes.ts';
import { signInRoutes } from './sign-in.routes.ts';
import { endUserSessions, expireLoginLog } from './session.service.ts';

/** The session module: everything it serves under /api. */
export async function sessionModule(app: FastifyInstance, deps: Deps) {
  // A deactivation or a new password in the users module ends sessions (platform/hooks.ts).
  deps.hooks.answer(endSessions, endUserSessions);
  deps.retention.add('loginLogDays', expireLoginLog);
  deps.erasure.add(sessionErasure);
  await app.register(sessionRoutes, deps);
  await app.register(signInRoutes, deps);
}
