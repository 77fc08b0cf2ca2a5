import { z } from './zod.ts';

/** GET /health: the sign of life for load balancers. */
export const ZHealthResponse = z.object({ status: z.literal('ok') });

/** GET /ready: whether this instance takes work now (database answers, not starting or stopping). */
export const ZReadyResponse = z.object({ status: z.literal('ready') });
