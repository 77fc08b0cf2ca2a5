import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { saveVacationAccount, vacationAccountColumn, vacationAccounts } from '../users/index.ts';
import { expireLeaverAbsences, expireSickNotes, expireSickReports } from './absences-retention.ts';
import { absencesErasure } from './absences-erasure.ts';
import { absencesRoutes } from './absences.routes.ts';
import { blockedPeriodsRoutes } from './blocked-periods.routes.ts';
import { accountColumn, accountsFor, saveAccount } from './contingents.service.ts';
import { sickReportsRoutes } from './sick-reports.routes.ts';
import { holidaysRoutes } from './holidays.routes.ts';

export { absences } from './absences.table.ts';
export { handlesSickReportsAt } from './sick-reports.service.ts';

/** The absences module: everything it serves under /api. */
export async function absencesModule(app: FastifyInstance, deps: Deps) {
  // The user answers and the user form show and save the vacation account (platform/hooks.ts).
  deps.hooks.answer(vacationAccounts, accountsFor);
  deps.hooks.answer(vacationAccountColumn, accountColumn);
  deps.hooks.answer(saveVacationAccount, saveAccount);
  // Certificates go before their reports: a report past both periods loses its file either way.
  deps.retention.add('sickNoteDays', expireSickNotes);
  deps.retention.add('sickReportDays', expireSickReports);
  deps.retention.add('leaverDays', expireLeaverAbsences);
  deps.erasure.add(absencesErasure);
  await app.register(absencesRoutes, deps);
  await app.register(sickReportsRoutes, deps);
  await app.register(holidaysRoutes, deps);
  await app.register(blockedPeriodsRoutes, deps);
}
