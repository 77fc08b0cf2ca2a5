#!/usr/bin/env node
// Bundles the server (server/src/main.ts with core) into one ES module, server/dist/main.js,
// when its sources changed since the last bundle: Node then starts it without a TypeScript
// loader, which saves seconds at every start. Packages from node_modules stay imports (they
// are found from server/dist as from server/src). A worker thread's entry, which the sources
// start as `new URL('./name.mjs', import.meta.url)` (a shim that loads name.ts through tsx),
// becomes a bundle of its own, server/dist/name.js, and the URL points there. The stamp in
// server/dist holds the content hash of the inputs. `node scripts/build-server.mjs [--force]`.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT, hashInputs, readStamp, writeStamp } from './build-stamp.mjs';

export const SERVER_DIST = path.join(ROOT, 'server/dist');
export const SERVER_BUNDLE = path.join(SERVER_DIST, 'main.js');
const ENTRY = path.join(ROOT, 'server/src/main.ts');
const SOURCES = ['server/src', 'core/src'];

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

/** `new URL('./name.mjs', import.meta.url)`: a worker's entry shim beside its name.ts. */
const WORKER_URL = /new URL\((['"])\.\/([\w-]+)\.mjs\1, import\.meta\.url\)/g;

/** The worker entries the sources start: output name → absolute path of the .ts body. */
function workerEntries() {
  const entries = {};
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith('.ts')) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(WORKER_URL)) {
          const body = path.join(dir, `${m[2]}.ts`);
          if (!fs.existsSync(body)) throw new Error(`${path.relative(ROOT, file)}: worker ${m[2]}.mjs has no ${m[2]}.ts beside it`);
          if (m[2] === 'main' || (entries[m[2]] && entries[m[2]] !== body)) throw new Error(`worker name ${m[2]} is taken twice`);
          entries[m[2]] = body;
        }
      }
    }
  };
  for (const dir of SOURCES) walk(path.join(ROOT, dir));
  return entries;
}

/**
 * `import.meta.url` of a source file (the migrations folder, web/dist are found relative to it)
 * is rewritten to that file's place, seen from the bundle, so paths mean what they meant in
 * server/src; a worker's URL points at its bundle beside main.js. Other import.meta properties
 * would silently change meaning: refused.
 */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const other = /import\.meta\.(?!url\b)\w+/.exec(source);
      if (other) return { errors: [{ text: `${other[0]} is not supported in the server bundle (scripts/build-server.mjs)` }] };
      const fromBundle = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
      const here = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      const contents = source.replace(new RegExp(`${WORKER_URL.source}|import\\.meta\\.url`, 'g'), (_match, _q, worker) =>
        worker ? `new URL(${JSON.stringify(`./${worker}.js`)}, import.meta.url)` : here,
      );
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
  const workers = workerEntries();
  // Written beside and then renamed, workers first and each map before its bundle: a server
  // starting at this moment reads old or new files, never half of one.
  const tmp = path.join(SERVER_DIST, `.tmp-${process.pid}`);
  fs.mkdirSync(SERVER_DIST, { recursive: true });
  try {
    await esbuild.build({
      entryPoints: { ...workers, main: ENTRY },
      outdir: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      // Beside the bundle, not inside it: V8 keeps a script's whole text, and an inline map would
      // be half of it (1 MB held by every server for the stack traces of the few who ask).
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'error',
      plugins: [externalPackages, keepImportMetaUrl],
    });
    for (const name of [...Object.keys(workers), 'main']) {
      for (const file of [`${name}.js.map`, `${name}.js`]) fs.renameSync(path.join(tmp, file), path.join(SERVER_DIST, file));
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
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
