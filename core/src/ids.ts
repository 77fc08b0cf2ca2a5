import { z } from './zod.ts';

/** Whether a string has the shape of a UUID, in any letter case. */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as the API takes it: a UUID, stored and compared in lower case, so 'ABC…' and 'abc…'
 * name the same row everywhere (ownership checks included).
 */
export const zId = (params?: Parameters<typeof z.uuid>[0]) => z.uuid(params).overwrite((v) => v.toLowerCase());
