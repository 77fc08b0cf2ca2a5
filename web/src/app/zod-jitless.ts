/**
 * The Content-Security-Policy allows no eval: zod would test for it with `Function('')` as its
 * first schemas are built (in chunks loaded after the login), and the browser would report a
 * violation on every page with a form. Without its compiled fast path zod reads the schemas as
 * they are, plenty for forms. zod keeps its settings in this global object (zod/v4/core/core.js
 * takes one that is already there); setting it here, in the entry, before any chunk builds a
 * schema, costs the login page no zod code. zod-jitless.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
