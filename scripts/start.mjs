#!/usr/bin/env node
// npm start: the server, and beside it the web build when web/dist is missing or stale.
// - Web app: scripts/build-web.mjs in a child process, only when its inputs changed; until
//   web/dist has an index.html the server answers pages with a self-reloading 503 page.
// - Server: scripts/server.mjs in this process (its bundle, rebuilt when the sources changed).
// A failed web build stops the server, and the exit code is 1.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './build-stamp.mjs';
import { webBuildNeeded } from './build-web.mjs';

if (webBuildNeeded()) {
  console.log(`Die Web-App wird gebaut; bis sie fertig ist, zeigt http://localhost:${process.env.PORT ?? 3000} eine Warteseite.`);
  const web = spawn(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, stdio: 'inherit' });
  let failed = false;
  web.on('exit', (code, signal) => {
    if (code === 0 || signal) return;
    failed = true;
    console.error('Die Web-App konnte nicht gebaut werden (Meldungen oben); der Server wird beendet.');
    // The server's own shutdown (requests finished, database closed) ends the process, once
    // the server is far enough to have one.
    const stop = () => (process.listenerCount('SIGTERM') > 0 ? process.kill(process.pid, 'SIGTERM') : setTimeout(stop, 100));
    stop();
  });
  process.on('exit', () => {
    if (web.exitCode === null && web.signalCode === null) web.kill('SIGTERM');
    if (failed) process.exitCode = 1;
  });
}

await import('./server.mjs');
