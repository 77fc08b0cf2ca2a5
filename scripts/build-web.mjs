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
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ROOT, hashInputs, readStamp, writeStamp } from './build-stamp.mjs';

export const WEB_DIST = path.join(ROOT, 'web/dist');
const WEB_BUILD = path.join(ROOT, 'web/.dist-build');

/** Everything the bundle is made of: the web sources and configs, the core code it imports, the installed versions. */
const INPUTS = [
  'web/src',
  'web/sw',
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
  // How it is built: a change here (e.g. the compressed copies) builds again.
  'scripts/build-web.mjs',
];

/** Files the server may send compressed (text); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest
 * settings: they are made once per build, and the server sends the one the browser accepts
 * (`preCompressed` in server/src/app.ts) instead of compressing on every request. A file where
 * compression saves nothing keeps only its plain form. zlib works on its thread pool, so a build
 * beside the running server does not hold the server's event loop.
 */
async function precompress(dir) {
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const bytes = fs.readFileSync(full);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length) fs.writeFileSync(`${full}.br`, br);
      if (gz.length < bytes.length) fs.writeFileSync(`${full}.gz`, gz);
    }),
  );
}

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
  await precompress(WEB_BUILD);
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
