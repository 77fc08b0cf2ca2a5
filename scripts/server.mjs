#!/usr/bin/env node
// Runs the server: from its bundle (scripts/build-server.mjs, rebuilt when the sources changed),
// or, when the bundle cannot be made, from the sources through tsx. Environment as for
// server/src/main.ts (README "Konfiguration").
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-stamp.mjs';
import { buildServer } from './build-server.mjs';

let entry;
try {
  entry = await buildServer({ quiet: true });
} catch (err) {
  console.warn(`Server-Bündel nicht möglich (${err instanceof Error ? err.message.split('\n')[0] : err}); Start aus den Quellen.`);
  const tsx = createRequire(path.join(ROOT, 'server/package.json')).resolve('tsx/esm/api');
  (await import(pathToFileURL(tsx).href)).register();
  entry = path.join(ROOT, 'server/src/main.ts');
}
// Stack traces name the bundle's lines (unminified, each module headed by its source path);
// NODE_OPTIONS=--enable-source-maps maps them to server/src through the bundle's map (server/dist/main.js.map).
// Not by default: Node would then read and parse the source maps of every package, a tenth of
// the start.
await import(pathToFileURL(entry).href);
