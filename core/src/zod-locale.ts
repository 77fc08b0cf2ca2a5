import { z } from 'zod';

/** German texts for zod's generic messages (type errors etc.); the spec's texts are set per rule. */
z.config(z.locales.de());
