/**
 * Whether this instance takes work (GET /api/ready): 'starting' until it listens, 'ready', then
 * 'draining' from SIGTERM on, while the requests in flight finish and the balancer moves new ones
 * to the other instances. The liveness check (GET /api/health) ignores it.
 */
export type ReadyState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  state: ReadyState;
}

export const createReadiness = (state: ReadyState = 'ready'): Readiness => ({ state });
