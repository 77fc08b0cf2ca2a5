// First: zod's settings before any chunk builds a schema.
import './app/zod-jitless.ts';
// The page's styles, before any chunk adds its own.
import './app/boot-styles.ts';
// Then, with a session, the application's code and the current user start loading.
import './app/session-start.ts';
// The service worker (offline shell, updates), once the page has loaded and drawn its first view.
import './app/pwa-later.ts';

// After a new version is deployed, an open tab may ask for a page chunk that no longer exists.
// Load the new version instead of showing an empty page (once; the flag stops a reload loop).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'filialportal.reloadedForUpdate';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});
window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem('filialportal.reloadedForUpdate'), 10_000));

// The page itself: the login page, or the session's spinner until the application is there. Its
// modules are named in index.html (vite.config.ts, `bootPreload`), so the browser loads them
// at once as before, while this first script stays small and starts a session's loading
// (session-start.ts) without waiting for them.
void import('./app/boot.tsx');
