import { z } from './zod.ts';

/**
 * What an answer looks like on the wire, i.e. what the web gets from `response.json()`: the input
 * side of a response schema (a `zTimestamp()` is its ISO string there, a Date on the server).
 */
export type Wire<S extends z.ZodType> = z.input<S>;

/**
 * A request body the spec names after an entity (ARCHITECTURE §3: "body training" is
 * `{ training: { … } }`), accepted wrapped as well as flat: the entity's fields are lifted out of
 * `name`, other fields beside it stay (the entity's own win).
 */
export function wrappedOrFlat<S extends z.ZodType>(name: string, schema: S) {
  // Typed with the flat shape as its input: what the web sends, and what `z.input` names.
  return z.preprocess((body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const inner = (body as Record<string, unknown>)[name];
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return body;
    const { [name]: _, ...beside } = body as Record<string, unknown>;
    return { ...beside, ...(inner as Record<string, unknown>) };
  }, schema) as unknown as z.ZodPipe<z.ZodTransform<z.input<S>, z.input<S>>, S>;
}
