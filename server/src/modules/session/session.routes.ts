import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@filialportal/core/messages';
import { ZLoginRequest, ZPasswordForgottenRequest, ZPasswordResetRequest } from '@filialportal/core/users';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { bearerToken } from '../../platform/auth.ts';
import * as session from './session.service.ts';

/** Client address and optional geo headers set by a load balancer (e.g. CF-IPCity/CF-IPCountry). */
function clientInfo(req: FastifyRequest): session.ClientInfo {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? decodeURIComponent(v).slice(0, 100) : undefined;
  };
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    city: header('x-geo-city') ?? header('cf-ipcity'),
    country: header('x-geo-country') ?? header('cf-ipcountry'),
  };
}

export async function sessionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = { tags: ['Sitzung'] };

  r.post('/token', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { ...tag, summary: 'Anmelden (Formularfelder username, password)', body: ZLoginRequest },
    handler: (req) => session.login(deps.db, req.body.username, req.body.password, clientInfo(req)),
  });

  r.get('/api-token-refresh', {
    config: { access: 'authenticated' },
    schema: { ...tag, summary: 'Sitzung verlängern' },
    handler: async (req) => {
      await session.refresh(deps.db, actorOf(req));
      return { token: bearerToken(req) };
    },
  });

  r.post('/logout', {
    config: { access: 'authenticated' },
    schema: { ...tag, summary: 'Abmelden: widerruft das Token' },
    handler: async (req, reply) => {
      await session.logout(deps.db, actorOf(req));
      return reply.status(204).send();
    },
  });

  r.post('/password-forgotten', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { ...tag, summary: 'Passwort vergessen: E-Mail mit Link (60 min gültig)', body: ZPasswordForgottenRequest },
    handler: async (req) => {
      await session.requestPasswordReset(deps, req.body.username);
      return { message: MSG.passwordMailSent };
    },
  });

  r.post('/password-reset', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { ...tag, summary: 'Neues Passwort mit dem Link aus der E-Mail setzen', body: ZPasswordResetRequest },
    handler: async (req) => {
      await session.resetPassword(deps.db, req.body.token, req.body.password);
      return { message: MSG.passwordResetDone };
    },
  });
}
