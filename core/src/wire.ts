import type { z } from 'zod';

/**
 * What an answer looks like on the wire, i.e. what the web gets from `response.json()`: the input
 * side of a response schema (a `zTimestamp()` is its ISO string there, a Date on the server).
 */
export type Wire<S extends z.ZodType> = z.input<S>;
