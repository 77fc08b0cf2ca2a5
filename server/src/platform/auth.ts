import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from './access.ts';
import { enforceAccess } from './access.ts';
import type { ServiceDeps } from './deps.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** A background poll: answers without counting as activity for the idle logout. */
    passive?: boolean;
    /**
     * The route also takes the token in its address, `?authTok=Bearer …` (spec 1 §7: the
     * shared-link download, opened by the browser itself). Only where the spec says so: an
     * address travels further than a header (history, proxies, logs).
     */
    tokenInQuery?: boolean;
    /** Answers a session whose group requires a second factor not yet set up (the routes that set one up). */
    beforeSecondFactor?: boolean;
  }
}

/**
 * The bearer token of a request: the Authorization header, or the form field `authTok`
 * ('Bearer <token>') of the spec's download form posts, or on a route that allows it
 * (`tokenInQuery`) the query parameter `authTok`.
 */
export function bearerToken(req: FastifyRequest): string {
  const header = req.headers.authorization;
  const body = req.body as { authTok?: unknown } | undefined;
  const query = req.routeOptions.config?.tokenInQuery ? (req.query as { authTok?: unknown } | undefined)?.authTok : undefined;
  const raw = header ?? (typeof body?.authTok === 'string' ? body.authTok : undefined) ?? (typeof query === 'string' ? query : undefined);
  const match = raw?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new AppError(401, 'unauthorized', MSG.sessionExpired);
  return match[1]!;
}

export type Authenticate = (deps: ServiceDeps<'db'>, request: { token: string; ip: string; touch: boolean }) => Promise<Actor>;

/** The cached person's copy for the last address it was used from (see actorAt). */
const atAddress = new WeakMap<Actor, Actor>();

/**
 * A cached session serves requests from several addresses: each request carries its own. The copy
 * for an address is kept beside the cached person, so requests from one device share one object
 * and what is built once per person (the portal search's statement) is built once, not per request.
 */
function actorAt(actor: Actor, ip: string): Actor {
  if (actor.ip === ip) return actor;
  const copy = atAddress.get(actor);
  if (copy?.ip === ip) return copy;
  const fresh = { ...actor, ip };
  atAddress.set(actor, fresh);
  return fresh;
}

/**
 * Authenticates every non-public route, then enforces its declared access. Runs before schema
 * validation (the body is parsed by then, for `authTok`), so a stranger gets 401, not a 400.
 */
export function registerAuth(app: FastifyInstance, deps: ServiceDeps<'db'>, authenticate: Authenticate) {
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const actor = await authenticate(deps, { token: bearerToken(req), ip: req.ip, touch: !req.routeOptions.config.passive });
    req.actor = actorAt(actor, req.ip);
    if (req.actor.enrolmentPending && !req.routeOptions.config.beforeSecondFactor) {
      throw new AppError(403, 'second_factor_enrolment_required', MSG.secondFactorEnrolmentRequired);
    }
    enforceAccess(req);
  });
}
