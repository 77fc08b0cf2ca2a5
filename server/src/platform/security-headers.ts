import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { PAGE_PRELOAD_SCRIPT } from '@filialportal/core/page-scripts';

/**
 * The security headers of every answer (CSP, frame, referrer, MIME sniffing …), computed once at
 * start by helmet and then copied onto each reply. The Fastify plugin ran helmet's option
 * handling on every request, a fifth of the time of a small answer; the headers never change.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { tls: boolean }) {
  const headers = securityHeaders(opts.tls);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function securityHeaders(tls: boolean): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'wasm-unsafe-eval' lets the barcode reader compile its WebAssembly (served from /assets);
        // it allows no eval() of JavaScript. The one inline script of index.html by its hash.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", `'sha256-${createHash('sha256').update(PAGE_PRELOAD_SCRIPT).digest('base64')}'`],
        frameSrc: ['https:'],
        // Behind TLS only: asking a browser to upgrade or to insist on HTTPS breaks a plain-HTTP install.
        upgradeInsecureRequests: tls ? [] : null,
      },
    },
    strictTransportSecurity: tls ? { maxAge: 31536000, includeSubDomains: true } : false,
  };
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => (failed = err ?? null));
  if (failed) throw failed;
  return headers;
}
