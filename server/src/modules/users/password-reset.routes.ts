import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@filialportal/core/messages';
import { ZMessageResponse, ZPasswordForgottenRequest, ZPasswordResetRequest } from '@filialportal/core/users';
import type { Deps } from '../../platform/deps.ts';
import * as passwordReset from './password-reset.service.ts';

const tag = { tags: ['Sitzung'] };

export async function passwordResetRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/password-forgotten', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { ...tag, summary: 'Passwort vergessen: E-Mail mit Link (60 min gültig)', body: ZPasswordForgottenRequest, response: { 200: ZMessageResponse } },
    // The answer leaves before the account is even looked up: the same answer in the same time
    // for every name, so nobody learns which accounts exist.
    handler: async (req) => {
      const username = req.body.username;
      deps.background.run('Passwort-vergessen-Mail', () => passwordReset.requestPasswordReset(deps, username));
      return { message: MSG.passwordMailSent };
    },
  });

  r.post('/password-reset', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { ...tag, summary: 'Neues Passwort mit dem Link aus der E-Mail setzen', body: ZPasswordResetRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await passwordReset.resetPassword(deps, { ...req.body, ip: req.ip });
      return { message: MSG.passwordResetDone };
    },
  });
}
