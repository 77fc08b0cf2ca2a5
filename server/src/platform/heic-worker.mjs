// Entry of a HEIC conversion thread; loads the TypeScript body through tsx (see pglite-worker.mjs).
import { tsImport } from 'tsx/esm/api';

await tsImport('./heic-worker.ts', import.meta.url);
