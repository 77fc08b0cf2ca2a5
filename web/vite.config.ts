import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OAK, PRIMARY_SHADE, STONE } from './src/app/brand.ts';
import { PAGE_PRELOAD_SCRIPT, PRELOAD_META } from '../core/src/page-scripts.ts';
import { START_MODULES } from './src/app/start-modules.ts';

/** Where each name a package's index exports lives: the module file and its name there. */
type Barrel = Map<string, { file: string; name: string }>;

/** @tabler/icons-react's index: `export { default as IconX } from './icons/IconX.mjs';` per icon. */
function tablerIndex(index: string): Barrel {
  const names: Barrel = new Map();
  for (const m of fs.readFileSync(index, 'utf8').matchAll(/^export \{ ([^}]+) \} from '\.\/(icons\/[^']+\.mjs)';$/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = /^\s*default as (\w+)\s*$/.exec(part)?.[1];
      if (name) names.set(name, { file: path.join(path.dirname(index), m[2]!), name: 'default' });
    }
  }
  return names;
}

/** Mantine's indexes: `import { a, b } from "./x.mjs";` lines, then one `export { a, b as c };`. */
function mantineIndex(index: string): Barrel {
  const code = fs.readFileSync(index, 'utf8');
  const local = new Map<string, { file: string; name: string }>();
  for (const m of code.matchAll(/^import \{ ([^}]+) \} from "(\.[^"]+)";$/gm)) {
    for (const part of m[1]!.split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      local.set(as ?? name!, { file: path.join(path.dirname(index), m[2]!), name: name! });
    }
  }
  const names: Barrel = new Map();
  for (const m of code.matchAll(/^export \{ ([^}]+) \};$/gm)) {
    for (const part of m[1]!.split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      const at = local.get(name!);
      if (at) names.set(as ?? name!, at);
    }
  }
  return names;
}

/**
 * `import { Button } from '@mantine/core'` names the package's index, which re-exports every
 * component (and @tabler/icons-react's all ~6,000 icons). This rewrites such imports in our
 * sources to the modules that define the names, by the index's own export lines; an import
 * with a name it does not find stays as it was, types become `import type`. Same modules in the
 * bundle, but the module graph says which of them a file uses: the page chunks (`pageChunks`)
 * is computed from it, and the build reads a fraction of the icons.
 */
function importsDirect(): Plugin {
  const require = createRequire(import.meta.url);
  const esmIndex = (pkg: string) => require.resolve(pkg).replace(/[\\/]cjs[\\/][^\\/]+$/, '/esm/index.mjs');
  const packages: Record<string, () => Barrel> = {
    '@tabler/icons-react': () => tablerIndex(require.resolve('@tabler/icons-react').replace(/[\\/]cjs[\\/][^\\/]+$/, '/esm/tabler-icons-react.mjs')),
    '@mantine/core': () => mantineIndex(esmIndex('@mantine/core')),
    '@mantine/hooks': () => mantineIndex(esmIndex('@mantine/hooks')),
    '@mantine/dates': () => mantineIndex(esmIndex('@mantine/dates')),
    '@mantine/modals': () => mantineIndex(esmIndex('@mantine/modals')),
    '@mantine/notifications': () => mantineIndex(esmIndex('@mantine/notifications')),
    '@mantine/store': () => mantineIndex(esmIndex('@mantine/store')),
  };
  const barrels = new Map<string, Barrel>();
  const barrel = (pkg: string) => barrels.get(pkg) ?? barrels.set(pkg, packages[pkg]!()).get(pkg)!;
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](@tabler\/icons-react|@mantine\/(?:core|hooks|dates|modals|notifications|store))['"];?/g;
  return {
    name: 'imports-direct',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      // Our sources, and Mantine's packages, which import each other by their indexes.
      if ((id.includes('node_modules') && !/node_modules[\\/]@mantine[\\/]/.test(id)) || !/\.m?[jt]sx?$/.test(id) || !code.includes('@')) return null;
      const out = code.replace(IMPORT, (whole, list: string, pkg: string) => {
        const specs = list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(s));
        if (specs.some((p) => !p || (!p[1] && !barrel(pkg).has(p[2]!)))) return whole;
        const types = specs.filter((p) => p![1]).map((p) => (p![3] ? `${p![2]} as ${p![3]}` : p![2]));
        const values = specs.filter((p) => !p![1]).map((p) => {
          const at = barrel(pkg).get(p![2]!)!;
          const file = JSON.stringify(at.file.split(path.sep).join('/'));
          const as = p![3] ?? p![2];
          return at.name === 'default' ? `import ${as} from ${file};` : `import { ${at.name} as ${as} } from ${file};`;
        });
        return [...(types.length > 0 ? [`import type { ${types.join(', ')} } from '${pkg}';`] : []), ...values].join(' ');
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * The brand's colours in index.html: the browser's bar in the primary colour (`%FP_THEME_COLOR%`,
 * the same as the manifest's), the loading line in the theme's dimmed text (`%FP_TEXT_DIMMED%`).
 */
function themeColor(): Plugin {
  return {
    name: 'theme-color',
    transformIndexHtml: (html) => html.replaceAll('%FP_THEME_COLOR%', OAK[PRIMARY_SHADE]).replaceAll('%FP_TEXT_DIMMED%', STONE[9]),
  };
}

/**
 * Installable app and offline shell (docs/decisions/web-service-worker-und-offline-huelle.md): the web app manifest
 * (/manifest.webmanifest, linked from index.html by the plugin) and the service worker
 * (web/sw/sw.ts → /sw.js), into which the build writes the list of files to precache. The
 * worker registers itself from the app (app/pwa.ts), after the page has loaded.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifest: {
      id: '/',
      name: 'Filialportal',
      short_name: 'Filialportal',
      description: 'Das Mitarbeiterportal für Filialen, Zentrallager und Franchisepartner',
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: OAK[PRIMARY_SHADE],
      background_color: STONE[0],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The app shell: every script and style of this version, the page, the icons. Not the
      // barcode reader's WebAssembly (1 MB, the scanner needs the network for each article
      // anyway; the browser caches it for a year like every hashed file).
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/*.wasm'],
      // Hashed names change with their content: Workbox need not keep a revision of its own.
      dontCacheBustURLsMatching: /^assets\//,
    },
    devOptions: { enabled: false },
    // The worker is a second, small build: as quiet as the app's (scripts/build-web.mjs).
    integration: {
      configureCustomSWViteBuild(config) {
        config.logLevel = 'warn';
        // One file without chunks, said the way rolldown asks for it (the plugin's
        // `inlineDynamicImports` draws a deprecation warning on every build).
        const output = { ...(config.build?.rollupOptions?.output as Record<string, unknown> | undefined) };
        delete output.inlineDynamicImports;
        config.build = { ...config.build, reportCompressedSize: false, rollupOptions: { ...config.build?.rollupOptions, output: { ...output, codeSplitting: false } } };
      },
    },
  });
}

/** Everything reachable from `roots` by `next`, the roots included. */
function reachable(roots: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}

/**
 * Each Mantine component brings its own styles: a module under @mantine/core/esm imports the
 * stylesheet of every directory on its path that has one (components/Checkbox/CheckboxIndicator/…
 * imports Checkbox.css and CheckboxIndicator.css). A page's chunk then carries the styles of the
 * components it uses instead of all of them (the login page needs a fifth).
 *
 * Chunks add their styles in the order they load, but Mantine's rules rely on the order of its
 * own stylesheet (an ActionIcon inside an Input's section, say, after the Input's rules). So each
 * sheet is a cascade layer of its own, `mantine.<name>`, and index.html names all of them once,
 * in that order, before any stylesheet: a layer's place is fixed where it is first named, however
 * late its rules arrive. Our own styles stay outside the layers and so follow Mantine's, as
 * Mantine intends with its layered styles.
 */
function mantineStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const all = require.resolve('@mantine/core/styles.css');
  const stylesDir = path.join(path.dirname(all), 'styles');
  const sheets = new Set(fs.readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css')).map((f) => f.slice(0, -4)));
  // Mantine's order: where each sheet's text begins in the package's complete stylesheet.
  const complete = fs.readFileSync(all, 'utf8');
  const at = (name: string) => complete.indexOf(fs.readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').trim().slice(0, 200));
  const order = [...sheets].sort((a, b) => at(a) - at(b));
  const sheet = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css$/;
  return {
    name: 'mantine-styles',
    transform: {
      filter: { id: /[\\/]@mantine[\\/]core[\\/]esm[\\/].+\.mjs$/ },
      handler(code, id) {
        const dirs = id.split(/[\\/]/).slice(0, -1);
        const own = dirs.slice(dirs.lastIndexOf('esm') + 1).filter((dir) => sheets.has(dir));
        if (own.length === 0) return null;
        return { code: `${own.map((dir) => `import '@mantine/core/styles/${dir}.css';`).join('\n')}\n${code}`, map: null };
      },
    },
    load(id) {
      const name = sheet.exec(id)?.[1];
      if (!name || !sheets.has(name)) return null;
      return `@layer mantine.${name} {\n${fs.readFileSync(id, 'utf8')}\n}\n`;
    },
    transformIndexHtml: (html) => html.replace('<style>', `<style>\n      @layer ${order.map((name) => `mantine.${name}`).join(', ')};`),
  };
}

/** The page's React tree and the login page (src/app/boot.tsx), loaded by the small first script. */
const BOOT = path.resolve(import.meta.dirname, 'src/app/boot.tsx');
/** The session's root, in the start chunk (src/app/start-modules.ts). */
const SESSION_APP = path.resolve(import.meta.dirname, 'src/app/SessionApp.tsx');
/** The login page, a chunk of its own the page loads without a session (src/app/LoginGate.tsx). */
const LOGIN = path.resolve(import.meta.dirname, 'src/features/session/LoginPage.tsx');

/**
 * index.html names the boot chunk's scripts and styles (modulepreload, preload), so the
 * browser loads them with the first script, as if it imported them: every page needs them at
 * once. It lists the files of the login page and of a session's first page too, and its one
 * script asks for the set the page will show while the HTML is read (core/page-scripts.ts). The
 * first script itself stays small and starts the current user (src/app/session-start.ts).
 */
function bootPreload(): Plugin {
  return {
    name: 'boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.moduleIds.includes(BOOT));
        if (!boot) return html;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const scripts = [...reachable([boot.fileName], (file) => byFile.get(file)?.imports ?? [])];
        const styles = new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
        const tags = [
          // Preloaded, not linked as stylesheets: a stylesheet in the page holds every script back until
          // it has loaded, the small first one too; the boot chunk's import adds them when it runs.
          ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ...scripts.filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        // The files of a session's first page and of the login page, of which the page's script
        // asks for one set at once (PAGE_PRELOAD_SCRIPT).
        for (const [meta, root] of [
          [PRELOAD_META.session, SESSION_APP],
          [PRELOAD_META.login, LOGIN],
        ] as const) {
          const chunk = chunks.find((c) => c.moduleIds.includes(root));
          if (!chunk) this.error(`${root} fehlt im Build (vite.config.ts, bootPreload)`);
          const files = [...reachable([chunk.fileName], (file) => byFile.get(file)?.imports ?? [])].filter((file) => !scripts.includes(file));
          const css = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]).filter((file) => !styles.has(file)));
          tags.push(`<meta name="${meta}" content="${[...css, ...files].map((file) => `/${file}`).join(' ')}">`);
        }
        tags.push(`<script>${PAGE_PRELOAD_SCRIPT}</script>`);
        return html.replace(/^(\s*)<\/head>/m, (head, indent: string) => `${tags.map((tag) => `${indent}  ${tag}\n`).join('')}${head.trimStart() === head ? head : `${indent}</head>`}`);
      },
    },
  };
}

/** A module that only passes on what others define (a package's index). */
const isBarrel = (code: string | null | undefined) =>
  !!code && code.split('\n').every((line) => /^\s*$|^"use client";$|^(import|export) \{[^}]*\}( from "[^"]+")?;$|^export \* from "[^"]+";$/.test(line));

/**
 * Three chunks instead of some sixty small ones (a phone network pays a round trip for each file):
 * the page's (src/app/boot.tsx: React's tree, the gate), the login page's, and that of a logged-in
 * person's first page (src/app/start-modules.ts: session, application, the dashboard's cards).
 * Each takes its roots and what they import statically, less what an earlier stage loads: the
 * first script for the page's chunk, the first script and the page for the other two; what both of
 * these use goes to the page's chunk, so neither loads the other. Computed once the
 * module graph is complete, before the chunks are made; the groups in `build` below take them.
 * An earlier stage is taken generously (through every package index, all of whose modules it
 * might use), a chunk's own modules strictly (not through an index, whose modules our code names
 * directly: `importsDirect`), so no chunk takes a module an earlier stage loads. A module of
 * neither stays in the chunk rolldown makes for it.
 */
/** Modules no first-view chunk may hold: they load after the first view (docs/decisions/web-erste-ansicht-zuerst.md). */
const LATER_THAN_FIRST_VIEW = /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]modals[\\/]esm[\\/]ModalsProvider|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Modal|Popover|Tooltip|ScrollArea)[\\/])/;

function pageChunks() {
  const boot = new Set<string>();
  const login = new Set<string>();
  const start = new Set<string>();
  const plugin: Plugin = {
    name: 'page-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], throughBarrels: boolean) =>
        reachable(roots, (id) => {
          const info = this.getModuleInfo(id);
          return throughBarrels || !isBarrel(info?.code) ? (info?.importedIds ?? []) : [];
        });
      const own = (roots: string[], earlier: Set<string>, into: Set<string>) => {
        into.clear();
        for (const id of closure(roots, false)) if (!earlier.has(id) && !isBarrel(this.getModuleInfo(id)?.code)) into.add(id);
      };
      const src = path.resolve(import.meta.dirname, 'src');
      const entry = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const roots = START_MODULES.map((file) => path.join(src, file));
      for (const root of [BOOT, LOGIN, ...roots]) if (!this.getModuleInfo(root)) this.error(`${root} fehlt im Build (vite.config.ts, pageChunks)`);
      own([BOOT], closure(entry, true), boot);
      const earlier = closure([...entry, BOOT], true);
      own([LOGIN], earlier, login);
      own(roots, earlier, start);
      // What the login page and a session's first page both use belongs to the page's chunk: neither loads the other's.
      for (const id of login) {
        if (!start.has(id)) continue;
        boot.add(id);
        login.delete(id);
        start.delete(id);
      }
    },
    // What the grouping must never do, checked on the chunks made: make the first script wait for
    // the page's chunk, put the start chunk on the login page or the login page's on the first page
    // after it, or make a chunk and another import
    // each other (a cycle whose exports can be read before they are set).
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const loads = (first: string[]) => reachable(first, (file) => byFile.get(file)?.imports ?? []);
      const bootChunk = chunks.find((c) => c.name === 'boot');
      const loginChunk = chunks.find((c) => c.name === 'login');
      const startChunk = chunks.find((c) => c.name === 'start');
      const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      if (bootChunk && loads(entries).has(bootChunk.fileName)) this.error('Das erste Skript wartet auf den Chunk der Seite (vite.config.ts, pageChunks)');
      const page = [...entries, ...(bootChunk ? [bootChunk.fileName] : [])];
      if (startChunk && loads([...page, ...(loginChunk ? [loginChunk.fileName] : [])]).has(startChunk.fileName)) {
        this.error('Die Anmeldeseite lädt den Start-Chunk (vite.config.ts, pageChunks)');
      }
      if (loginChunk && loads([...page, ...(startChunk ? [startChunk.fileName] : [])]).has(loginChunk.fileName)) {
        this.error('Die erste Seite nach der Anmeldung lädt den Chunk der Anmeldeseite (vite.config.ts, pageChunks)');
      }
      // Code that comes after the first view (ui/Tooltip.tsx, ui/modals.ts, the bell): the
      // positioning library of tooltips and popovers, and the dialogs, with what they bring.
      for (const group of [bootChunk, loginChunk, startChunk]) {
        const late = group?.moduleIds.find((id) => LATER_THAN_FIRST_VIEW.test(id));
        if (late) this.error(`${group!.fileName} enthält ${path.relative(import.meta.dirname, late)}, das erst nach der ersten Ansicht laden soll (vite.config.ts, pageChunks)`);
      }
      for (const group of [bootChunk, loginChunk, startChunk]) {
        for (const file of group?.imports ?? []) {
          if (byFile.get(file)?.imports.includes(group!.fileName)) this.error(`${group!.fileName} und ${file} importieren einander (vite.config.ts, pageChunks)`);
        }
      }
    },
  };
  return { plugin, isBoot: (id: string) => boot.has(id), isLogin: (id: string) => login.has(id), isStart: (id: string) => start.has(id) };
}

const pages = pageChunks();

/**
 * The login screen loads React, the router, the Mantine components it shows and the session
 * code only; the application after the login (AfterLogin.tsx) and every feature page are lazy
 * chunks. React gets a long-cached chunk of its own so a release of the app code does not
 * invalidate it. Mantine has none: one chunk of all its components would put every component
 * any page uses onto the login page; split by use, the login page loads the few it shows.
 */
export default defineConfig({
  plugins: [importsDirect(), mantineStyles(), react(), themeColor(), pwa(), pages.plugin, bootPreload()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 500,
    // Gzipping every chunk only for the size table costs time on each build; bench/ measures sizes.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes only its own modules, not what they import: a page chunk must not pull
          // in what an earlier stage loads.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'boot', test: pages.isBoot, priority: 2 },
            { name: 'login', test: pages.isLogin, priority: 2 },
            { name: 'start', test: pages.isStart, priority: 2 },
          ],
        },
      },
    },
  },
});
