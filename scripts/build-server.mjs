#!/usr/bin/env node
// Bundles the server (server/src/main.ts with core) into one ES module, server/dist/main.js,
// when its sources changed since the last bundle: Node then starts it without a TypeScript
// loader, which saves seconds at every start. Packages from node_modules stay imports (they
// are found from server/dist as from server/src). The stamp in server/dist holds the content
// hash of the inputs. `node scripts/build-server.mjs [--force]`.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT, hashInputs, readStamp, writeStamp } from './build-stamp.mjs';

export const SERVER_DIST = path.join(ROOT, 'server/dist');
export const SERVER_BUNDLE = path.join(SERVER_DIST, 'main.js');
const ENTRY = path.join(ROOT, 'server/src/main.ts');

const INPUTS = [
  'server/src',
  'server/package.json',
  'server/tsconfig.json',
  'core/src',
  'core/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/** esbuild as tsx brings it (tsx runs the server from source; the bundle must mean the same). */
function loadEsbuild() {
  const fromServer = createRequire(path.join(ROOT, 'server/package.json'));
  return createRequire(fromServer.resolve('tsx/package.json'))('esbuild');
}

export function serverInputsHash(esbuildVersion) {
  return hashInputs(INPUTS, [`esbuild ${esbuildVersion}`, `node ${process.versions.node}`]);
}

/**
 * `import.meta.url` of a source file (the migrations folder, web/dist are found relative to it)
 * is rewritten to that file's place, seen from the bundle, so paths mean what they meant in
 * server/src. Other import.meta properties would silently change meaning: refused.
 */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const other = /import\.meta\.(?!url\b)\w+/.exec(source);
      if (other) return { errors: [{ text: `${other[0]} is not supported in the server bundle (scripts/build-server.mjs)` }] };
      const fromBundle = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
      const contents = source.includes('import.meta.url') ? source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`) : source;
      return { contents, loader: 'ts' };
    });
  },
};

/** Our workspace packages are TypeScript and go into the bundle; every other package stays an import. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@filialportal/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles when needed; returns the bundle's path. Throws when esbuild is missing or the bundle
 * fails: the caller falls back to running the sources with tsx.
 */
export async function buildServer({ force = false, quiet = false } = {}) {
  const esbuild = loadEsbuild();
  const hash = serverInputsHash(esbuild.version);
  if (!force && fs.existsSync(SERVER_BUNDLE) && readStamp(SERVER_DIST) === hash) return SERVER_BUNDLE;
  const started = performance.now();
  // Written beside and then renamed: a server starting at this moment reads the old or the new file, never half of one.
  const tmp = path.join(SERVER_DIST, `main.${process.pid}.tmp.js`);
  fs.mkdirSync(SERVER_DIST, { recursive: true });
  try {
    await esbuild.build({
      entryPoints: [ENTRY],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'error',
      plugins: [externalPackages, keepImportMetaUrl],
    });
    fs.renameSync(tmp, SERVER_BUNDLE);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  writeStamp(SERVER_DIST, hash);
  if (!quiet) console.log(`Server gebündelt in ${Math.round(performance.now() - started)} ms (server/dist/main.js).`);
  return SERVER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildServer({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
