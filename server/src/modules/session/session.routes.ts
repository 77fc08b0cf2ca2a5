import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLoginLogListResponse, ZLoginRequest, ZTokenResponse } from '@filialportal/core/session';
import { z } from 'zod';
import { actorOf } from '../../platform/access.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { loginLogExportColumns } from './session.export.ts';
import { ZPageParam } from '../../platform/paging.ts';
import type { Deps } from '../../platform/deps.ts';
import { bearerToken } from '../../platform/auth.ts';
import * as session from './session.service.ts';

/** Client address and optional geo headers set by a load balancer (e.g. CF-IPCity/CF-IPCountry). */
export function clientInfo(req: FastifyRequest): session.ClientInfo {
  const header = (name: string) => {
    const v = req.headers[name];
    if (typeof v !== 'string') return undefined;
    let text = v;
    try {
      text = decodeURIComponent(v);
    } catch {
      // not percent-encoded after all: keep it as sent
    }
    return text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);
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
    schema: { ...tag, summary: 'Anmelden (Formularfelder username, password; otp oder passkey bei Zwei-Faktor-Anmeldung)', body: ZLoginRequest, response: { 200: ZTokenResponse } },
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return session.login(deps, { ...req.body, client: clientInfo(req) });
    },
  });

  r.get('/api-token-refresh', {
    config: { access: 'authenticated', beforeSecondFactor: true },
    schema: { ...tag, summary: 'Sitzung verlängern', response: { 200: ZTokenResponse } },
    handler: async (req) => {
      await session.refresh(deps, actorOf(req));
      return { token: bearerToken(req) };
    },
  });

  r.post('/logout', {
    config: { access: 'authenticated', beforeSecondFactor: true },
    schema: { ...tag, summary: 'Abmelden: widerruft das Token' },
    handler: async (req, reply) => {
      await session.logout(deps, actorOf(req));
      return reply.status(204).send();
    },
  });

  r.get('/loginlog/list/:page', {
    config: { access: { permission: 'einstellungen_login_verlauf_sehen' } },
    schema: {
      tags: ['Login-Verlauf'],
      summary: 'Login-Verlauf: Suche (Name, IP, Ort), Sortierung, 6 pro Seite',
      params: ZPageParam,
      querystring: z.object({ term: z.string().max(100).optional(), sort: z.string().max(20).optional() }),
      response: { 200: ZLoginLogListResponse },
    },
    handler: (req) => session.listLoginLog(deps, { page: req.params.page, term: req.query.term, sort: req.query.sort }),
  });

  r.post('/export-login-logs', {
    config: { access: { permission: 'einstellungen_login_verlauf_sehen' } },
    schema: { tags: ['Login-Verlauf'], summary: 'Login-Verlauf als XLSX', querystring: z.object({ search: z.string().max(100).optional() }) },
    handler: (req, reply) =>
      sendXlsx(reply, {
        filename: 'Login-Verlauf.xlsx',
        sheet: 'Login-Verlauf',
        columns: loginLogExportColumns,
        rows: session.loginLogExportRows(deps, req.query.search),
      }),
  });
}
