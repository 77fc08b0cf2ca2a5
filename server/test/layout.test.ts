import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as TS from '../../lint/node_modules/typescript/lib/typescript.js';

/**
 * The shape every domain keeps (ARCHITECTURE §8, docs/decisions/README.md "Aufbau der Module"):
 * modules depend on each other without a circle, tables included (they reach each other only
 * through `index.ts`, which the lint checks), write only their own tables, take their services'
 * dependencies and input in one shape, and each domain has all its rooms.
 */
const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/src/modules');

/** Modules that serve the platform, not a domain of the product: no core file, page or journey. */
const PLATFORM_MODULES = new Set(['health', 'permissions', 'seen', 'live']);
/** Web features that compose other domains' data into one page, without a server module. */
const WEB_ONLY = new Set(['dashboard', 'settings']);

/**
 * The one list of domains whose parts are named or placed otherwise: the part, where it is
 * instead (that file must exist), and why.
 */
const PART_EXCEPTIONS: Record<string, { instead: string; why: string }> = {
  'server/src/modules/absences/absences.service.ts': { instead: 'server/src/modules/absences/vacation.service.ts', why: 'vacation, sick reports, contingents and holidays each have their own service' },
  'server/src/modules/users/users.service.ts': { instead: 'server/src/modules/users/users-admin.service.ts', why: 'the current user, the list and the administration each have their own service' },
  'server/src/modules/search/search.table.ts': { instead: 'server/src/platform/search.ts', why: 'every searchable table carries its own search column; the lexicon of typos belongs to the shared mechanism' },
  'server/src/modules/audit/audit.table.ts': { instead: 'server/src/platform/audit.table.ts', why: 'every module writes the trail through the platform mechanism, which owns its table' },
  'e2e/assortment.spec.ts': { instead: 'e2e/stock.spec.ts', why: 'categories are walked on the way to the stock' },
  'e2e/global-settings.spec.ts': { instead: 'e2e/settings-lists.spec.ts', why: 'one journey through the settings sections' },
  'e2e/lists.spec.ts': { instead: 'e2e/settings-lists.spec.ts', why: 'one journey through the settings sections' },
  'e2e/locations.spec.ts': { instead: 'e2e/settings-lists.spec.ts', why: 'one journey through the settings sections' },
  'e2e/special-appointments.spec.ts': { instead: 'e2e/settings-lists.spec.ts', why: 'one journey through the settings sections' },
};

function filesUnder(dir: string, ext = /\.tsx?$/): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full, ext) : ext.test(e.name) ? [full] : [];
  });
}

const modules = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
const moduleOf = (file: string) => (file.startsWith(modulesDir + path.sep) ? path.relative(modulesDir, file).split(path.sep)[0]! : null);

/** Relative imports of a file (static and dynamic), resolved to absolute paths, with the names they bring. */
function importsOf(file: string): { target: string; names: string[] }[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: { target: string; names: string[] }[] = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)?\s*(?:from\s+)?'(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g)) {
    const spec = m[2] ?? m[3]!;
    const names = (m[1] ?? '').split(',').map((n) => n.replace(/^\s*type\s+/, '').split(/\s+as\s+/).pop()!.trim()).filter(Boolean);
    found.push({ target: path.resolve(path.dirname(file), spec), names });
  }
  return found;
}

const moduleFiles = filesUnder(modulesDir);

/**
 * TypeScript's JavaScript API reads the services' signatures. The root's TypeScript 7 ships none;
 * the lint workspace carries TypeScript 6 for it (lint/typescript-6.js), and this loads that one.
 */
const ts = createRequire(path.join(root, 'lint/package.json'))('typescript') as typeof TS;

/**
 * What makes an exported function a service: a parameter that reaches the outside world (the
 * database or a transaction, the files, the mail, the dependencies). Functions without one are
 * pure helpers – row mappers, rules on an actor, SQL fragments, export columns – and keep their
 * own shape; a route plugin (`app: FastifyInstance` first) is registration, not a service.
 */
const REACHES_OUT = /\b(Db|Storage|Mailer|Deps|ServiceDeps|Hooks|Background|Scheduler|LiveHub|Config)\b/;
const OUTSIDE_NAMES = new Set(['db', 'tx', 'storage', 'mailer', 'deps']);

/**
 * The one list of exported services with another signature (docs/decisions/modules-eine-service-signatur.md):
 * `<file under modules>#<function>` and why.
 */
const SIGNATURE_EXCEPTIONS: Record<string, string> = {
  'absences/absence-people.ts#lockPerson':
    "locks the person's row inside the caller's transaction (vacation and sick reports of the same module); the transaction is its whole point",
  'trainings/places.ts#lockTraining': "locks the training's row inside the caller's transaction while its places are counted; only the module's own services call it",
};

type ExportedFunction = { key: string; name: string; fn: TS.SignatureDeclarationBase; sf: TS.SourceFile };

/** Exported functions of a file: declarations and `export const x = (…) => …`. */
function exportedFunctions(file: string): ExportedFunction[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const key = (name: string) => `${path.relative(modulesDir, file).split(path.sep).join('/')}#${name}`;
  const found: ExportedFunction[] = [];
  for (const statement of sf.statements) {
    if (!ts.canHaveModifiers(statement) || !ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) found.push({ key: key(statement.name.text), name: statement.name.text, fn: statement, sf });
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (init && ts.isIdentifier(d.name) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) found.push({ key: key(d.name.text), name: d.name.text, fn: init, sf });
      }
    }
  }
  return found;
}

/** What is wrong with a service's signature, or null when it is (deps, actor, input). */
function signatureProblem({ fn, sf }: ExportedFunction): string | null {
  const params = fn.parameters.map((p) => ({ name: p.name.getText(sf), type: p.type?.getText(sf) ?? '', destructured: ts.isObjectBindingPattern(p.name) }));
  const first = params[0];
  if (first?.type === 'FastifyInstance') return null;
  if (!params.some((p) => REACHES_OUT.test(p.type) || OUTSIDE_NAMES.has(p.name))) return null;
  if (!first || (first.name !== 'deps' && !first.destructured)) return `first parameter is ${first?.name ?? 'missing'}, not deps`;
  if (first.type !== 'Deps' && !/^ServiceDeps<.+>$/s.test(first.type)) return `deps is typed ${first.type || 'nothing'}, not Deps or ServiceDeps<…>`;
  if (params.length > 3) return `${params.length} parameters, at most 3 (deps, actor, input)`;
  const actorAt = params.findIndex((p) => p.type === 'Actor');
  if (actorAt > 1) return 'the actor comes second';
  return null;
}

describe('layout of the modules', () => {
  it('modules depend on each other without a circle, imports of tables included', () => {
    const edges = new Map<string, Set<string>>(modules.map((m) => [m, new Set()]));
    for (const file of moduleFiles) {
      const from = moduleOf(file)!;
      for (const { target } of importsOf(file)) {
        const to = moduleOf(target);
        if (to && to !== from) edges.get(from)!.add(to);
      }
    }
    const circles = new Set<string>();
    const visit = (m: string, trail: string[]) => {
      if (trail.includes(m)) {
        // Each circle once, starting at its alphabetically first module.
        const loop = trail.slice(trail.indexOf(m));
        const start = loop.indexOf([...loop].sort()[0]!);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        circles.add([...turned, turned[0]].join(' → '));
        return;
      }
      for (const next of edges.get(m)!) visit(next, [...trail, m]);
    };
    for (const m of modules) visit(m, []);
    expect([...circles]).toEqual([]);
  });

  it('platform code does not reach into the modules', () => {
    const offenders = filesUnder(path.join(root, 'server/src/platform')).filter((f) => importsOf(f).some(({ target }) => moduleOf(target)));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });

  it("a module writes only its own tables; others' it changes through their services", () => {
    const writes: string[] = [];
    for (const file of moduleFiles) {
      const own = moduleOf(file)!;
      const foreign = importsOf(file)
        .filter(({ target }) => target.endsWith('.table.ts') && moduleOf(target) && moduleOf(target) !== own)
        .flatMap(({ names }) => names);
      const text = fs.readFileSync(file, 'utf8');
      for (const table of foreign) {
        if (new RegExp(`\\.(insert|update|delete)\\(\\s*${table}\\s*\\)`).test(text)) writes.push(`${path.relative(root, file)} writes ${table}`);
      }
    }
    expect(writes).toEqual([]);
  });

  it('every domain has its parts: core rules, table, service, routes, index, web routes, API test, journey', () => {
    const missing: string[] = [];
    const webFeatures = fs.readdirSync(path.join(root, 'web/src/features'));
    const exists = (rel: string) => fs.existsSync(path.join(root, rel));
    for (const d of modules) {
      const parts = PLATFORM_MODULES.has(d)
        ? [`server/src/modules/${d}/index.ts`]
        : [
            `core/src/${d}.ts`,
            `server/src/modules/${d}/${d}.table.ts`,
            `server/src/modules/${d}/${d}.service.ts`,
            `server/src/modules/${d}/${d}.routes.ts`,
            `server/src/modules/${d}/index.ts`,
            `web/src/features/${d}/routes.tsx`,
            `server/test/${d}.test.ts`,
            `e2e/${d}.spec.ts`,
          ];
      for (const part of parts) {
        const exception = PART_EXCEPTIONS[part];
        const alternative = part === `server/test/${d}.test.ts` && exists(`server/test/${d}`);
        if (exists(part) || alternative) {
          if (exception) missing.push(`${part} exists: its exception can go`);
        } else if (!exception || !exists(exception.instead)) missing.push(part);
      }
    }
    for (const f of webFeatures) if (!WEB_ONLY.has(f) && !modules.includes(f)) missing.push(`server/src/modules/${f}/ (for web/src/features/${f})`);
    expect(missing).toEqual([]);
  });

  it('every exported service takes (deps, actor, input): the dependencies it uses first, at most three parameters', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const file of moduleFiles) {
      for (const f of exportedFunctions(file)) {
        seen.add(f.key);
        const problem = signatureProblem(f);
        if (problem && !SIGNATURE_EXCEPTIONS[f.key]) problems.push(`${f.key}: ${problem}`);
        if (!problem && SIGNATURE_EXCEPTIONS[f.key]) problems.push(`${f.key} has the usual signature: its exception can go`);
      }
    }
    for (const key of Object.keys(SIGNATURE_EXCEPTIONS)) if (!seen.has(key)) problems.push(`${key} is gone: its exception can go`);
    expect(problems).toEqual([]);
  });

  it('no server file grows past 400 lines', () => {
    const long = filesUnder(path.join(root, 'server/src'))
      .map((f) => ({ f: path.relative(root, f), n: fs.readFileSync(f, 'utf8').split('\n').length }))
      .filter(({ n }) => n > 400);
    expect(long).toEqual([]);
  });
});

const webDir = path.join(root, 'web/src');
const webFiles = filesUnder(webDir);
const webPart = (file: string) => path.relative(webDir, file).split(path.sep)[0]!;

describe('layout of the web app', () => {
  it('every feature declares what it contributes in routes.tsx', () => {
    const features = fs.readdirSync(path.join(webDir, 'features'));
    expect(features.filter((f) => !fs.existsSync(path.join(webDir, 'features', f, 'routes.tsx')))).toEqual([]);
  });

  it('only the shell and the entry (main.tsx) import the shell: features and shared parts take what they need from shell-api', () => {
    const offenders = webFiles
      .filter((f) => webPart(f) !== 'app' && webPart(f) !== 'main.tsx')
      .flatMap((f) => importsOf(f).filter(({ target }) => webPart(target) === 'app').map(({ target }) => `${path.relative(root, f)} → ${path.relative(root, target)}`));
    expect(offenders).toEqual([]);
  });

  it('web files import each other without a circle (type-only and lazy imports count)', () => {
    const edges = new Map(webFiles.map((f) => [f, importsOf(f).map(({ target }) => target).filter((t) => t.startsWith(webDir + path.sep))]));
    const circles = new Set<string>();
    const done = new Set<string>();
    const visit = (file: string, trail: string[]) => {
      const at = trail.indexOf(file);
      if (at >= 0) {
        circles.add([...trail.slice(at), file].map((f) => path.relative(webDir, f)).join(' → '));
        return;
      }
      if (done.has(file)) return;
      for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
      done.add(file);
    };
    for (const f of webFiles) visit(f, []);
    expect([...circles]).toEqual([]);
  });
});
