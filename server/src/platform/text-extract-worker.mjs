// Entry of a text extraction thread; loads the TypeScript body through tsx (see pglite-worker.mjs).
import { tsImport } from 'tsx/esm/api';

await tsImport('./text-extract-worker.ts', import.meta.url);
