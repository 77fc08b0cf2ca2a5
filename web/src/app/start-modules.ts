/**
 * What a logged-in person's first page needs after the login page's code: the session, the
 * application with its shell, and the dashboard's cards (the start page after every login).
 * The build puts them and everything they import that the login page does not into one chunk
 * (vite.config.ts, `pageChunks`): on a phone network each file is a round trip, and the
 * dashboard would otherwise wait for some forty small ones in three waves. Paths are relative
 * to web/src. A card not listed here still works; it loads as a chunk of its own after the rest.
 */
export const START_MODULES = [
  'app/SessionApp.tsx',
  'app/AfterLogin.tsx',
  'features/tasks/OwnTasksSection.tsx',
  'features/news/NewsSection.tsx',
  'features/absences/VacationSection.tsx',
  'features/trainings/TrainingsSection.tsx',
  'features/dashboard/ProfileSection.tsx',
];
