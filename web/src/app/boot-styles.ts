/**
 * The page's styles (Mantine's and the login page's) go into the page first, before a chunk adds
 * its own: index.html only preloads them (vite.config.ts, `bootPreload`), and a session's chunk
 * starts loading before the page's module that would add them (session-start.ts). In the page's
 * order the app's rules come after Mantine's and win where both set the same property. Added by
 * a script, they hold back no script, unlike stylesheets written in the page.
 */
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) link.rel = 'stylesheet';
