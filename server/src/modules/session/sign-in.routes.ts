import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  ZAuthMethodsResponse,
  ZPasskeyLoginRequest,
  ZPasskeyOptionsResponse,
  ZPasskeyRegisterRequest,
  ZRecoveryCodesResponse,
  ZSecondFactorsResponse,
  ZSsoTicketRequest,
  ZTokenResponse,
  ZTotpCodeRequest,
  ZTotpSetupResponse,
} from '@filialportal/core/session';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import * as factors from './factors.service.ts';
import * as sso from './oidc.service.ts';
import * as passkeys from './passkeys.service.ts';
import { clientInfo } from './session.routes.ts';

const limited = { max: 30, timeWindow: '1 minute' };

/** The browser binding cookie of a company-account sign-in, from the Cookie header. */
function browserCookie(req: FastifyRequest): string | undefined {
  const pair = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${sso.BROWSER_COOKIE}=`));
  return pair?.slice(sso.BROWSER_COOKIE.length + 1) || undefined;
}

/** Sign-in with the company account and passkeys (public), and the person's own second factors. */
export async function signInRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = { tags: ['Anmeldung'] };
  const secure = deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) => `${sso.BROWSER_COOKIE}=${value}; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;

  r.get('/auth/methods', {
    config: { access: 'public' },
    schema: { ...tag, summary: 'Welche Anmeldungen die Anmeldeseite anbietet', response: { 200: ZAuthMethodsResponse } },
    handler: async () => ({ password: true, passkey: true, oidc: deps.config.oidc ? { label: deps.config.oidc.buttonLabel } : null }),
  });

  r.get('/auth/oidc/login', {
    config: { access: 'public', rateLimit: limited },
    schema: { ...tag, summary: 'Anmeldung mit dem Firmenkonto beginnen: 302 zum Anmeldedienst' },
    handler: async (req, reply) => {
      try {
        const { location, browser } = await sso.startSignIn(deps);
        return reply.header('Set-Cookie', cookie(browser, 600)).header('Cache-Control', 'no-store').redirect(location, 302);
      } catch (err) {
        if (!deps.config.oidc) throw err;
        req.log.warn({ err: { message: (err as Error).message } }, 'Anmeldedienst nicht erreichbar');
        return reply.redirect('/anmelden/sso?fehler=failed', 302);
      }
    },
  });

  r.get('/auth/oidc/callback', {
    config: { access: 'public', rateLimit: limited },
    schema: { ...tag, summary: 'Rückkehr vom Anmeldedienst: 302 zu /anmelden/sso?ticket=… (oder ?fehler=…)' },
    handler: async (req, reply) => {
      reply.header('Set-Cookie', cookie('', 0)).header('Cache-Control', 'no-store');
      try {
        const ticket = await sso.finishSignIn(deps, { url: req.url, browser: browserCookie(req), client: clientInfo(req) });
        return reply.redirect(`/anmelden/sso?ticket=${ticket}`, 302);
      } catch (err) {
        if (err instanceof sso.SsoRefusal) return reply.redirect(`/anmelden/sso?fehler=${err.code}`, 302);
        // The provider's error text only: never the code, tokens or the request.
        req.log.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'Anmeldung mit dem Firmenkonto fehlgeschlagen');
        return reply.redirect('/anmelden/sso?fehler=failed', 302);
      }
    },
  });

  r.post('/auth/oidc/ticket', {
    config: { access: 'public', rateLimit: limited },
    schema: { ...tag, summary: 'Einmal-Ticket der Rückkehr gegen ein Token tauschen (60 s gültig, einmal)', body: ZSsoTicketRequest, response: { 200: ZTokenResponse } },
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return sso.redeemTicket(deps, { ticket: req.body.ticket, client: clientInfo(req) });
    },
  });

  r.post('/auth/passkey/options', {
    config: { access: 'public', rateLimit: limited },
    schema: { ...tag, summary: 'Passkey-Anmeldung: Challenge für den Browser (auch als zweiter Faktor)', response: { 200: ZPasskeyOptionsResponse } },
    handler: () => passkeys.authenticationOptions(deps),
  });

  r.post('/auth/passkey/login', {
    config: { access: 'public', rateLimit: limited },
    schema: { ...tag, summary: 'Mit einem Passkey anmelden (ohne Benutzername und Passwort)', body: ZPasskeyLoginRequest, response: { 200: ZTokenResponse } },
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return passkeys.passkeyLogin(deps, { response: req.body.response, client: clientInfo(req) });
    },
  });

  const own = { access: 'authenticated', beforeSecondFactor: true } as const;
  const ownTag = { tags: ['Zwei-Faktor-Anmeldung'] };

  r.get('/user/2fa', {
    config: own,
    schema: { ...ownTag, summary: 'Eigene zweite Faktoren und ob die Gruppe einen verlangt', response: { 200: ZSecondFactorsResponse } },
    handler: (req) => factors.secondFactors(deps, actorOf(req)),
  });

  r.post('/user/2fa/totp/setup', {
    config: own,
    schema: { ...ownTag, summary: 'Authenticator-App einrichten: Schlüssel, otpauth-Adresse und QR-Code', response: { 200: ZTotpSetupResponse } },
    handler: (req) => factors.setUpTotp(deps, actorOf(req)),
  });

  r.post('/user/2fa/totp/confirm', {
    config: own,
    schema: { ...ownTag, summary: 'Authenticator-App mit dem ersten Code einschalten: zehn Wiederherstellungscodes', body: ZTotpCodeRequest, response: { 200: ZRecoveryCodesResponse } },
    handler: (req) => factors.confirmTotp(deps, actorOf(req), req.body.code),
  });

  r.delete('/user/2fa/totp', {
    config: { access: 'authenticated' },
    schema: { ...ownTag, summary: 'Authenticator-App ausschalten' },
    handler: async (req, reply) => {
      await factors.removeTotp(deps, actorOf(req));
      return reply.status(204).send();
    },
  });

  r.post('/user/2fa/recovery', {
    config: { access: 'authenticated' },
    schema: { ...ownTag, summary: 'Neue Wiederherstellungscodes (die bisherigen verfallen)', response: { 200: ZRecoveryCodesResponse } },
    handler: (req) => factors.renewRecoveryCodes(deps, actorOf(req)),
  });

  r.post('/user/passkeys/options', {
    config: own,
    schema: { ...ownTag, summary: 'Passkey hinzufügen: Optionen für den Browser', response: { 200: ZPasskeyOptionsResponse } },
    handler: (req) => passkeys.registrationOptions(deps, actorOf(req)),
  });

  r.post('/user/passkeys', {
    config: own,
    schema: { ...ownTag, summary: 'Passkey hinzufügen: die Antwort des Browsers prüfen und speichern', body: ZPasskeyRegisterRequest, response: { 200: ZSecondFactorsResponse } },
    handler: (req) => passkeys.registerPasskey(deps, actorOf(req), req.body),
  });

  r.delete('/user/passkeys/:id', {
    config: { access: 'authenticated' },
    schema: { ...ownTag, summary: 'Passkey entfernen', params: z.object({ id: zId() }) },
    handler: async (req, reply) => {
      await passkeys.removePasskey(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  r.delete('/user/:id/2fa', {
    config: { access: { permission: 'einstellungen_benutzer_bearbeiten' } },
    schema: { ...ownTag, summary: 'Zweite Faktoren einer Person zurücksetzen (App, Codes, Passkeys)', params: z.object({ id: zId() }) },
    handler: async (req, reply) => {
      await factors.resetSecondFactors(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
}
