import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@filialportal/core/messages';

/**
 * A refusal with an HTTP status and a German message from core/messages.ts; `body` holds fields
 * the call catalogue names beside the error (a stale count's 409: `{current, yours}`).
 */
export class AppError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const forbidden = (message: string = MSG.notAllowed) => new AppError(403, 'forbidden', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** What the database says when it refuses a statement (node-postgres and PGlite alike). */
interface DatabaseRefusal {
  code: string;
  constraint?: string;
}

/** The database's refusal behind an error, if any: Drizzle wraps it as `cause`. */
export function databaseRefusal(err: unknown): DatabaseRefusal | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as DatabaseRefusal;
  }
  return null;
}

/**
 * Turns a constraint the database enforced into the domain's answer, at the call that can
 * break it: `.catch(onConstraint({ users_email_uq: () => conflict(MSG.usernameTaken) }))`.
 * Anything else is passed on unchanged.
 */
export function onConstraint(answers: Record<string, () => AppError>) {
  return (err: unknown): never => {
    const name = databaseRefusal(err)?.constraint;
    const answer = name ? answers[name] : undefined;
    throw answer ? answer() : err;
  };
}

/**
 * The client's share of database refusals, for statements no rule caught earlier: a duplicate
 * (23505) or overlap (23P01) is a conflict, a value the column cannot hold (class 22: too long,
 * out of range, bad encoding) or a reference to a row that does not exist (23503) is bad input,
 * an index entry too large (54000) too. Everything else is the server's fault.
 */
function fromDatabase(err: unknown): AppError | null {
  const refusal = databaseRefusal(err);
  if (!refusal) return null;
  const { code } = refusal;
  if (code === '23505' || code === '23P01') return conflict(MSG.duplicateEntry, 'duplicate');
  if (code === '23503' || code === '23502') return badRequest(MSG.badRequest);
  if (code === '22021' || code === '22P05') return badRequest(MSG.invalidCharacters, 'invalid_characters');
  if (code === '22007' || code === '22008') return badRequest(MSG.invalidDate, 'invalid_date');
  if (code.startsWith('22') || code === '54000') return badRequest(MSG.valueOutOfRange, 'out_of_range');
  return null;
}

/** German messages for the refusals the framework itself raises before a route runs. */
const FRAMEWORK: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'invalid_url', message: MSG.invalidUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'url_too_long', message: MSG.urlTooLong },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'invalid_url', message: MSG.invalidUrl },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: MSG.badRequest },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: MSG.invalidJson },
};

/** The answer to any error a client can cause, or null when it is the server's fault. */
export function clientError(err: FastifyError | Error): AppError | null {
  if (err instanceof AppError) return err;
  const known = FRAMEWORK[(err as FastifyError).code ?? ''];
  if (known) return new AppError(known.status, known.code, known.message);
  const db = fromDatabase(err);
  if (db) return db;
  const status = (err as FastifyError).statusCode ?? 500;
  if (status === 429) return new AppError(429, 'rate_limited', MSG.tooManyRequests);
  if (status === 413) return new AppError(413, 'body_too_large', MSG.bodyTooLarge);
  if (status === 415) return new AppError(415, 'unsupported_media_type', MSG.unsupportedMediaType);
  if (err instanceof SyntaxError && status === 400) return badRequest(MSG.invalidJson, 'invalid_json');
  // Any other 4xx the framework or a plugin raises: the client's fault, said in German.
  if (status >= 400 && status < 500) return new AppError(status, 'bad_request', MSG.badRequest);
  return null;
}

/**
 * What an unexpected error may put into the log: its kind, code and the statement's text, but
 * never its parameters or the database's detail line, which carry the values of the row
 * (password hashes, tokens, personal data).
 */
export function loggableError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const out = { type: err.constructor?.name ?? 'Error', message: err.message.split('\nparams:')[0]!, stack: '' } as { type: string; message: string; stack: string; [key: string]: unknown };
  const refusal = databaseRefusal(err);
  if (refusal) {
    const cause = refusal as unknown as { message?: string; table?: string; column?: string; routine?: string };
    Object.assign(out, { code: refusal.code, constraint: refusal.constraint, table: cause.table, column: cause.column, dbMessage: cause.message });
  } else if ((err as { code?: unknown }).code) out.code = (err as { code?: unknown }).code;
  // Only the frames: the stack's first lines repeat the message, parameters included.
  out.stack = (err.stack ?? '').split('\n').filter((l) => l.startsWith('    at ')).slice(0, 8).join('\n');
  return out;
}

function send(reply: FastifyReply, e: AppError, extra: Record<string, unknown> = {}) {
  // A download that fails before its first byte (bytes missing in storage) has already set its
  // headers: the error must not go out as the file's type, as an attachment, or cacheable.
  if (reply.hasHeader('content-disposition')) {
    reply.removeHeader('content-disposition').removeHeader('cache-control').removeHeader('etag').removeHeader('content-length').type('application/json; charset=utf-8');
  }
  return reply.status(e.status).send({ ...e.body, error: { code: e.code, message: e.message, ...extra } });
}

/** Maps every error to `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // Schemas carry the spec's messages; zod's own ones are German through core's locale setup.
      const message = first?.message || MSG.badRequest;
      return send(reply, badRequest(message, 'validation'), { field: first?.instancePath ?? '' });
    }
    const known = clientError(err);
    if (known) return send(reply, known);
    req.log.error({ err }, 'unhandled error');
    return send(reply, new AppError(500, 'server_error', MSG.serverError));
  });
  app.setNotFoundHandler((req, reply) => send(reply, notFound()));
}

/** Fastify's `frameworkErrors` option: malformed URLs and too long path segments, in our shape. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  return send(reply, clientError(err) ?? badRequest(MSG.badRequest));
}

/**
 * Fastify's `clientErrorHandler`: requests Node's parser refuses before they reach the app
 * (headers too large, malformed request line) get the app's JSON shape in German too.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', MSG.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', MSG.badRequest]
        : err.code === 'HPE_URI_TOO_LONG'
          ? [414, 'url_too_long', MSG.urlTooLong]
          : [400, 'bad_request', MSG.badRequest];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
