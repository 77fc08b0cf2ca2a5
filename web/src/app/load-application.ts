/** The application's code (shell, features, dates, modals), in one chunk with the session's (app/start-modules.ts); loaded once. */
let loading: Promise<typeof import('./AfterLogin.tsx')> | undefined;

export function loadApplication() {
  loading ??= import('./AfterLogin.tsx').catch((error: unknown) => {
    // The next call tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}
