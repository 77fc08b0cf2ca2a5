import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OAK, PRIMARY_SHADE, STONE } from './src/app/brand.ts';

/**
 * `import { IconX } from '@tabler/icons-react'` names the package's index, which re-exports
 * all ~6,000 icons: the build would read and transform every one of them to keep the few it
 * uses (three quarters of the build's modules and time). This rewrites such imports in our
 * sources to the icons' own modules, by the index's export lines; a name it does not find
 * stays as it was. Same modules in the bundle, a fraction of the work.
 */
function tablerIconsDirect(): Plugin {
  const require = createRequire(import.meta.url);
  let files: Map<string, string> | null = null;
  const fileOf = () => {
    if (files) return files;
    const index = require.resolve('@tabler/icons-react').replace(/[\\/]cjs[\\/][^\\/]+$/, '/esm/tabler-icons-react.mjs');
    files = new Map();
    const dir = path.dirname(index);
    for (const m of fs.readFileSync(index, 'utf8').matchAll(/^export \{ ([^}]+) \} from '\.\/(icons\/[^']+\.mjs)';$/gm)) {
      for (const part of m[1]!.split(',')) {
        const name = /^\s*default as (\w+)\s*$/.exec(part)?.[1];
        if (name) files.set(name, path.join(dir, m[2]!).split(path.sep).join('/'));
      }
    }
    return files;
  };
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"];?/g;
  return {
    name: 'tabler-icons-direct',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('@tabler/icons-react')) return null;
      const out = code.replace(IMPORT, (whole, names: string) => {
        const specs = names.split(',').map((s) => s.trim()).filter(Boolean);
        const parsed = specs.map((s) => /^(\w+)(?:\s+as\s+(\w+))?$/.exec(s));
        if (parsed.some((p) => !p || !fileOf().has(p[1]!))) return whole;
        return parsed.map((p) => `import ${p![2] ?? p![1]} from ${JSON.stringify(fileOf().get(p![1]!))};`).join(' ');
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

/**
 * The login screen loads React, the router, the Mantine components it shows and the session
 * code only; the application after the login (AfterLogin.tsx) and every feature page are lazy
 * chunks. React gets a long-cached chunk of its own so a release of the app code does not
 * invalidate it. Mantine has none: one chunk of all its components would put every component
 * any page uses onto the login page; split by use, the login page loads the few it shows.
 */
export default defineConfig({
  plugins: [tablerIconsDirect(), react(), themeColor(), pwa()],
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
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
