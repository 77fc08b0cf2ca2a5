/** All tables, for Drizzle and drizzle-kit. Modules own their tables; this only collects them. */
export * from '../platform/files.table.ts';
export * from '../modules/locations/locations.table.ts';
export * from '../modules/teams/teams.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/users/password-resets.table.ts';
export * from '../modules/session/session.table.ts';
export * from '../modules/lists/lists.table.ts';
export * from '../modules/special-appointments/special-appointments.table.ts';
export * from '../modules/global-settings/global-settings.table.ts';
export * from '../modules/tasks/tasks.table.ts';
export * from '../modules/absences/absences.table.ts';
export * from '../modules/absences/holidays.table.ts';
export * from '../modules/calendar/calendar.table.ts';
export * from '../modules/seen/seen.table.ts';
export * from '../modules/news/news.table.ts';
export * from '../modules/trainings/trainings.table.ts';
