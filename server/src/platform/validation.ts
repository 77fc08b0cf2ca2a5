import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses a body with a schema by hand (for routes that accept two shapes); 400 with the first message. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Die Anfrage ist ungültig.', 'validation');
  return result.data;
}
