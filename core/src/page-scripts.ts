/**
 * The one script written into the web app's index.html, and what it reads. The server's
 * Content-Security-Policy allows inline scripts only by their hash, and this one is the same for
 * every build: the files it names stand in a meta element the build writes beside it.
 */

/** localStorage key of the session (its token); the web app writes it at login (api/stored-token.ts). */
export const SESSION_KEY = 'filialportal.session';

/** The meta elements whose content lists, space-separated, the files of a logged-in person's first page and of the login page. */
export const PRELOAD_META = { session: 'filialportal-session-preload', login: 'filialportal-login-preload' } as const;

/**
 * The page asks for the files of what it will show while the HTML is still being read, rather
 * than after its first script has loaded and run (on a phone network a round trip and more
 * earlier): with a stored session the start chunk's, without one the login page's; never both.
 * Plain ES5, no dependencies; any failure (no storage, unreadable entry) leaves the page to load
 * them as it always does.
 */
export const PAGE_PRELOAD_SCRIPT =
  `try{var s=null;try{s=JSON.parse(localStorage.getItem('${SESSION_KEY}')||'null')}catch(e){}` +
  `var m=document.querySelector('meta[name="'+(s&&s.token?'${PRELOAD_META.session}':'${PRELOAD_META.login}')+'"]');` +
  `if(m)m.content.split(' ').forEach(function(h){var l=document.createElement('link');` +
  `if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})}catch(e){}`;
