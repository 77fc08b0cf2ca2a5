// First: zod's settings before any chunk builds a schema.
import './app/zod-jitless.ts';
// Then, with a session, the application's code and the current user start loading.
import './app/session-start.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's core styles serve the login page; the styles of dates, notifications and the editor
// come with the application after the login (app/AfterLogin.tsx).
import '@mantine/core/styles.css';
import './app/app.css';
import { App } from './app/App.tsx';

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

// The service worker (offline shell, updates) after the page has loaded: its code and the
// precaching of the app do not compete with what the page needs first.
window.addEventListener('load', () => void import('./app/pwa.ts').then((m) => m.registerServiceWorker()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
