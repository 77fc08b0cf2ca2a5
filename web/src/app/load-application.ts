/** The application's code (shell, features, dates, modals), in one chunk with the session's (app/start-modules.ts). */
export const loadApplication = () => import('./AfterLogin.tsx');
