import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * The login screen loads React, the router, the Mantine components it shows and the session
 * code only; the application after the login (AfterLogin.tsx) and every feature page are lazy
 * chunks. React gets a long-cached chunk of its own so a release of the app code does not
 * invalidate it. Mantine has none: one chunk of all its components would put every component
 * any page uses onto the login page; split by use, the login page loads the few it shows.
 */
export default defineConfig({
  plugins: [tablerIconsDirect(), react()],
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
