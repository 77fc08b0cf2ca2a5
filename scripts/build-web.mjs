#!/usr/bin/env node
// Builds the web app (web/dist) only when its inputs changed since the last successful build:
// `node scripts/build-web.mjs` (conditional), `--force` (always). The stamp in web/dist holds
// the content hash of the inputs. A stale web/dist is removed first (the server shows its
// "being built" page meanwhile); the new one is built in web/.dist-build and moved into place
// whole, so index.html never names an asset that is not written yet. A failed or interrupted
// build leaves no web/dist, and the next run builds again.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT, hashInputs, readStamp, writeStamp } from './build-stamp.mjs';

export const WEB_DIST = path.join(ROOT, 'web/dist');
const WEB_BUILD = path.join(ROOT, 'web/.dist-build');

/** Everything the bundle is made of: the web sources and configs, the core code it imports, the installed versions. */
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/package.json',
  'web/vite.config.ts',
  'web/postcss.config.cjs',
  'web/tsconfig.json',
  'tsconfig.base.json',
  'core/src',
  'core/package.json',
  'package-lock.json',
];

export function webInputsHash() {
  // Vite puts VITE_* variables into the bundle.
  const env = Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${process.env[k]}`);
  return hashInputs(INPUTS, env);
}

/** The hash to build for, or null when web/dist is complete and was built from these inputs. */
export function webBuildNeeded() {
  const hash = webInputsHash();
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) return hash;
  return readStamp(WEB_DIST) === hash ? null : hash;
}

export async function buildWeb({ force = false } = {}) {
  const hash = force ? webInputsHash() : webBuildNeeded();
  if (!hash) {
    console.log('Web-App ist aktuell (web/dist), kein Build nötig.');
    return false;
  }
  const started = performance.now();
  fs.rmSync(WEB_DIST, { recursive: true, force: true });
  fs.rmSync(WEB_BUILD, { recursive: true, force: true });
  const vite = createRequire(path.join(ROOT, 'web/package.json')).resolve('vite');
  const { build } = await import(pathToFileURL(vite).href);
  await build({
    root: path.join(ROOT, 'web'),
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: WEB_BUILD, emptyOutDir: true },
  });
  writeStamp(WEB_BUILD, hash);
  // Another build may have finished meanwhile: the last one wins.
  fs.rmSync(WEB_DIST, { recursive: true, force: true });
  fs.renameSync(WEB_BUILD, WEB_DIST);
  console.log(`Web-App gebaut in ${((performance.now() - started) / 1000).toFixed(1)} s (web/dist).`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
