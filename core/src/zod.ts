import { z } from 'zod';

/**
 * zod as every schema of the portal uses it: with German texts for its generic messages (type
 * errors etc.; the spec's texts are set per rule). The schema modules import `z` from here, so
 * wherever a schema is built – on the server, in a page's form – its messages are German, and
 * code that builds no schema (the web app's shell) loads no zod.
 */
z.config(z.locales.de());

export { z };
