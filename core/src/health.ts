import { z } from './zod.ts';

/** GET /health: the sign of life for load balancers. */
export const ZHealthResponse = z.object({ status: z.literal('ok') });
