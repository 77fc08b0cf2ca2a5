// The rules the code is checked by (ARCHITECTURE §2, §8): JavaScript and TypeScript mistakes,
// the import boundaries between the parts, and no import circles. Run from the repository root
// with `npm run lint`; paths here are relative to it.
import './typescript-6.js';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const CODE = ['core/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'];
const EVERYTHING = [...CODE, 'core/test/**/*.ts', 'server/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'lint/**/*.{js,ts}'];

/** A selector for the elements of one type. */
const el = (type) => ({ element: { type } });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/dist/**', 'test-results/**', 'server/drizzle/**', '**/*.d.ts'] },
  {
    files: EVERYTHING,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript checks names (tsc -b); ESLint would not know the browser's and Node's globals apart.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `typeof import('…')` names the shape of a module that is loaded only when needed.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Control characters are matched on purpose: input containing them is refused.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Serving code logs through the request logger; command-line programs may talk on the console.
    files: ['core/src/**', 'server/src/modules/**', 'web/src/**'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    // Import boundaries: what each part may import from the others.
    files: CODE,
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'boundaries/elements': [
        { type: 'core', pattern: 'core/src' },
        { type: 'platform', pattern: 'server/src/platform' },
        { type: 'module', pattern: 'server/src/modules/*', capture: ['name'] },
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['name'] },
        { type: 'ui', pattern: 'web/src/ui' },
        { type: 'web-api', pattern: 'web/src/api' },
        // What the shell offers the features and what they declare to it (docs/decisions/web-bereiche-melden-sich-ueber-routes-tsx.md).
        { type: 'shell-api', pattern: 'web/src/shell-api' },
        // The database schema (every table, for Drizzle) and the column helpers every table uses.
        { type: 'schema', pattern: 'server/src/db' },
        // The composition roots: what is left in server/src and web/src (main, app, config).
        { type: 'server', pattern: 'server/src' },
        { type: 'web-main', pattern: 'web/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: el('core'), allow: { to: el('core') } },
            { from: el('platform'), allow: { to: [el('core'), el('platform')] } },
            // The platform knows the configuration's shape, not the server that reads it.
            { from: el('platform'), allow: { to: el('server'), dependency: { kind: 'type' } } },
            { from: el('platform'), allow: { to: el('schema') } },
            { from: el('schema'), allow: { to: [el('core'), el('platform'), el('module'), el('schema')] } },
            // A module reaches another only through its index.ts; inside itself, anything.
            { from: el('module'), allow: { to: [el('core'), el('platform'), el('schema')] } },
            { from: el('module'), allow: { to: el('module'), dependency: { relationship: { to: 'internal' } } } },
            { from: el('module'), allow: { to: { element: { type: 'module', fileInternalPath: 'index.ts' } } } },
            { from: el('server'), allow: { to: [el('core'), el('platform'), el('module'), el('schema'), el('server')] } },
            // A feature uses core, the shared UI, the API client and shell-api, never the shell or another feature.
            { from: el('feature'), allow: { to: [el('core'), el('ui'), el('web-api'), el('shell-api')] } },
            { from: el('feature'), allow: { to: el('feature'), dependency: { relationship: { to: 'internal' } } } },
            { from: el('ui'), allow: { to: [el('core'), el('ui'), el('web-api'), el('shell-api')] } },
            { from: el('shell-api'), allow: { to: [el('core'), el('web-api'), el('shell-api')] } },
            { from: el('web-api'), allow: { to: [el('core'), el('web-api')] } },
            { from: el('app'), allow: { to: [el('core'), el('ui'), el('web-api'), el('shell-api'), el('feature'), el('app')] } },
            { from: el('web-main'), allow: { to: [el('app'), el('ui'), el('web-api')] } },
          ],
        },
      ],
      // No circles, counting every value import (type-only imports vanish when compiled).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Code the page's first view must not load comes through the shared pieces that load it after
    // that view (docs/decisions/web-erste-ansicht-zuerst.md); the build checks the chunks too.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/ui/tooltip-code.ts', 'web/src/ui/modals.ts', 'web/src/app/Overlays.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mantine/core', importNames: ['Tooltip'], message: 'Tooltip aus ui/Tooltip.tsx: sein Code lädt nach der ersten Ansicht.' },
            { name: '@mantine/modals', message: 'Dialoge über ui/modals.ts: ihr Host kommt nach der ersten Ansicht und nimmt die Aufrufe von vorher an.' },
          ],
        },
      ],
    },
  },
  {
    // core is shared by the server and the web: it imports no other workspace.
    files: ['core/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@filialportal/*', '!@filialportal/core'], message: 'core importiert keinen anderen Teil.' }] }] },
  },
);
