import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { locationInUse } from '../locations/index.ts';
import { memberCountOf } from '../teams/index.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { anyoneAtLocation, memberCount } from './users-list.service.ts';
import { usersRoutes } from './users.routes.ts';

export { avatarUri } from './current-user.service.ts';
export { createDirectoryAccount, followDirectory } from './directory-accounts.service.ts';
export { guardPasswordChange } from './users-admin.service.ts';
export { endSessions, lastSeenOf, saveVacationAccount, vacationAccountColumn, vacationAccounts } from './hooks.ts';
export { personSearch, users } from './users.table.ts';
export { peopleSearch } from './users-search.ts';

/** The users module: everything it serves under /api. */
export async function usersModule(app: FastifyInstance, deps: Deps) {
  // What the modules below ask of this one (platform/hooks.ts).
  deps.hooks.answer(locationInUse, anyoneAtLocation);
  deps.hooks.answer(memberCountOf, memberCount);
  await app.register(usersRoutes, deps);
  await app.register(passwordResetRoutes, deps);
}
