import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_MODULES } from './start-modules.ts';

const WEB = path.resolve(import.meta.dirname, '..');
const CORE = path.resolve(WEB, '../../core/src');

/** What a logged-in person's first page loads: the session, the application, the dashboard's cards. */
const ROOTS = START_MODULES.map((file) => path.join(WEB, file));

/**
 * The modules a file loads when it runs: static imports and re-exports that stay in the build
 * (with verbatimModuleSyntax, `import { type X }` stays as an import; `import type` goes),
 * not `import()` of lazy chunks. Packages by name, our files by path.
 */
function loads(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gm),
  ].map((m) => m[1]!);
  return specifiers.map((s) => {
    if (s.startsWith('.')) return path.resolve(path.dirname(file), s);
    if (s.startsWith('@filialportal/core/')) return path.join(CORE, `${s.slice('@filialportal/core/'.length)}.ts`);
    return s;
  });
}

/** The chain of imports from a root to zod, or null. */
function pathToZod(roots: string[]): string[] | null {
  const from = new Map<string, string | null>(roots.map((r) => [r, null]));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of loads(file)) {
      if (from.has(next)) continue;
      from.set(next, file);
      if (next === 'zod') {
        const chain = [next];
        for (let at: string | null = file; at; at = from.get(at) ?? null) chain.push(path.relative(WEB, at));
        return chain.reverse();
      }
      if (next.startsWith('/') && /\.(ts|tsx)$/.test(next)) queue.push(next);
    }
  }
  return null;
}

describe('the application after the login and the dashboard', () => {
  it('load no zod: schemas come with the first form, the shell reads plain values (core/*-basics.ts)', () => {
    expect(pathToZod(ROOTS)).toBeNull();
  });

  it('the check finds zod where a form brings it', () => {
    expect(pathToZod([path.join(WEB, 'features/tasks/NewTaskModal.tsx')])).not.toBeNull();
  });
});
