import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@filialportal/core/messages';

/** A refusal with an HTTP status and a German message from core/messages.ts. */
export class AppError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const forbidden = (message: string = MSG.notAllowed) => new AppError(403, 'forbidden', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** Maps every error to `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // Schemas carry the spec's messages; zod's own ones are German through core's locale setup.
      const message = first?.message || MSG.badRequest;
      return reply.status(400).send({ error: { code: 'validation', message, field: first?.instancePath ?? '' } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: MSG.tooManyRequests } });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, body too large, wrong content type: the client's fault, said in German.
      return reply.status(status).send({ error: { code: err.code ?? 'bad_request', message: MSG.badRequest } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'server_error', message: MSG.serverError } });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
  });
}
