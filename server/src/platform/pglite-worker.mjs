// Entry of the database thread. A worker thread starts without the TypeScript loader of the
// process that created it (vitest, or `node --import tsx` when started with other options), so
// it loads the TypeScript body through tsx itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
