import { afterFirstView } from '../shell-api/first-view.ts';

// The service worker (offline shell, updates) after the page has loaded and drawn its first view:
// its code and the precaching of the app do not compete with what the page needs first.
window.addEventListener('load', () => afterFirstView(() => void import('./pwa.ts').then((m) => m.registerServiceWorker())));
