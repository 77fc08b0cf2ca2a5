// typescript-eslint reads source files with TypeScript's JavaScript API, which TypeScript 7 (the
// native compiler the project type-checks with, at the root) no longer ships. The lint workspace
// carries TypeScript 6 for it; helpers hoisted to the root (ts-api-utils) would otherwise load the
// root's TypeScript 7. This sends every `typescript` request made while linting to version 6.
import Module from 'node:module';

const typescript6 = Module.createRequire(import.meta.url).resolve('typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'typescript' ? typescript6 : request, ...rest);
};
