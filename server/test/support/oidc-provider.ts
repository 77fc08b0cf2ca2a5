import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenID Connect provider for tests (oidc-provider, in memory, on 127.0.0.1): discovery,
 * JWKS, authorization code flow with PKCE (S256) for one confidential client. The login page is
 * oidc-provider's development login (any password; the login is the account id); consent is given
 * on the person's behalf, so the flow is auth URL → login page → redirect_uri?code=…&state=….
 */

/** A person the provider knows. `claims`: email, email_verified, given_name, family_name, name, groups (string[]), location (string), … */
export interface TestAccount {
  id: string;
  claims: Record<string, unknown>;
}

export interface TestProvider {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by id; tests may add and change them while the provider runs. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

const DEFAULT_CLIENT_ID = 'filialportal';
const DEFAULT_CLIENT_SECRET = 'filialportal-test-client-secret-0123456789';

/** Which claims each scope releases. groups and location come with `profile`, and also have scopes of their own. */
const CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'groups', 'location'],
  email: ['email', 'email_verified'],
  groups: ['groups'],
  location: ['location'],
};

// oidc-provider ships without types; these are the parts used here.
interface OidcGrant {
  accountId: string;
  clientId: string;
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface OidcContext {
  type: string;
  body: unknown;
  oidc: {
    provider: OidcProvider;
    client: { clientId: string };
    account?: { accountId: string };
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
  };
}
interface OidcProvider {
  Grant: { new (init: { accountId: string; clientId: string }): OidcGrant; find(id: string): Promise<OidcGrant | undefined> };
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): void;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
interface OidcProviderModule {
  default: OidcProviderClass;
  interactionPolicy: {
    base(): { get(name: 'login' | 'consent'): { checks: { add(check: object): void } } };
    Check: { new (reason: string, description: string, check: (ctx: OidcContext) => boolean): object; REQUEST_PROMPT: boolean; NO_NEED_TO_PROMPT: boolean };
  };
}

/**
 * oidc-provider announces on the console what a production setup should change (in-memory
 * adapter, development interactions, Node 20 being below its supported runtime). All of it is
 * intended here; those lines, and only those, are dropped while the module loads and the provider
 * is built. Everything it would announce later is configured away below.
 */
async function withoutProviderNotices<T>(run: () => T | Promise<T>): Promise<T> {
  const { warn, info } = console;
  const isNotice = (args: unknown[]) => typeof args[0] === 'string' && /^(\x1b\[[\d;]*m)?oidc-provider (NOTICE|WARNING):/.test(args[0]);
  console.warn = (...args: unknown[]) => (isNotice(args) ? undefined : warn.apply(console, args));
  console.info = (...args: unknown[]) => (isNotice(args) ? undefined : info.apply(console, args));
  try {
    return await run();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

async function loadProviderModule(): Promise<OidcProviderModule> {
  return withoutProviderNotices(
    // @ts-expect-error -- oidc-provider has no type declarations (no @types/oidc-provider installed); the shape used is OidcProviderModule above
    () => import('oidc-provider'),
  );
}

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Starts the provider on 127.0.0.1 (`port` 0: a free one). */
export async function startOidcProvider(opts: {
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  accounts?: TestAccount[];
}): Promise<TestProvider> {
  const clientId = opts.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? DEFAULT_CLIENT_SECRET;
  const accounts = new Map((opts.accounts ?? []).map((a) => [a.id, a] as const));
  const { default: Provider, interactionPolicy } = await loadProviderModule();

  // The development login takes any login; one that names no account shows the login page again
  // (without this, oidc-provider fails with a server_error further on).
  const { Check } = interactionPolicy;
  const policy = interactionPolicy.base();
  policy.get('login').checks.add(
    new Check('unknown_account', 'there is no account with this login', (ctx) =>
      ctx.oidc.session.accountId !== undefined && ctx.oidc.account === undefined ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
    ),
  );

  // The issuer names the port, so the server listens first and gets its handler after.
  const app: { handle?: (req: http.IncomingMessage, res: http.ServerResponse) => void } = {};
  const server = http.createServer((req, res) => {
    if (req.url === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(app.handle ? 200 : 503, { 'content-type': 'text/plain' }).end(app.handle ? 'ok' : 'starting');
    } else if (app.handle) {
      app.handle(req, res);
    } else {
      res.writeHead(503).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };

  const configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // A client registers one method; oidc-provider accepts client_secret_post for a client_secret_basic client too.
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'profile', 'email', 'groups', 'location'],
    claims: CLAIMS,
    // Otherwise an ID token issued with an access token for userinfo holds `sub` only.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Sign-out is confirmed on the person's behalf, like consent.
        logoutSource(ctx: OidcContext, form: string) {
          ctx.type = 'html';
          ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign-out</title></head><body>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout" id="logout-yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>
<script>document.getElementById('logout-yes').click()</script></body></html>`;
        },
        postLogoutSuccessSource(ctx: OidcContext) {
          ctx.type = 'html';
          ctx.body = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Signed out</title></head><body><h1>Signed out</h1></body></html>';
        },
      },
    },
    async findAccount(_ctx: unknown, id: string) {
      if (!accounts.has(id)) return undefined;
      return {
        accountId: id,
        // Read at the moment the claims are asked for: changes after the sign-in count.
        claims: async () => ({ ...(accounts.get(id)?.claims ?? {}), sub: id }),
      };
    },
    /** Consent: every scope and claim asked for is granted to the client at once, so no consent page appears. */
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const accountId = oidc.account?.accountId ?? oidc.session.accountId;
      if (!accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== accountId) grant = new oidc.provider.Grant({ accountId, clientId: oidc.client.clientId });
      const scope = [...oidc.requestParamOIDCScopes].join(' ');
      if (scope) grant.addOIDCScope(scope);
      if (oidc.requestParamClaims.size) grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    async renderError(ctx: OidcContext, out: Record<string, unknown>) {
      ctx.type = 'html';
      const lines = Object.entries(out).map(([key, value]) => `${escapeHtml(key)}: ${escapeHtml(value)}`);
      ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>OIDC test provider: error</title></head><body><h1>OIDC test provider: error</h1><pre id="error">${lines.join('\n')}</pre></body></html>`;
    },
    interactions: { policy },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      ClientCredentials: 600,
      DeviceCode: 600,
      BackchannelAuthenticationRequest: 600,
      PreAuthorizedCode: 600,
      IdToken: 3600,
      RefreshToken: 86400,
      Interaction: 3600,
      Session: 86400,
      Grant: 86400,
    },
  };

  let provider: OidcProvider;
  try {
    provider = await withoutProviderNotices(() => new Provider(issuer, configuration));
  } catch (error) {
    server.close();
    throw error;
  }
  // A 500 inside the provider is a mistake in this setup, not expected noise: say so.
  provider.on('server_error', (_ctx, error) => console.error('OIDC test provider: server_error', error));
  app.handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Cookies per name and path, as a browser would keep them for one host. */
class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(requestUrl: URL, setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = requestUrl.pathname.slice(0, requestUrl.pathname.lastIndexOf('/')) || '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split('=');
        const attrValue = rest.join('=').trim();
        switch (key.trim().toLowerCase()) {
          case 'path':
            if (attrValue.startsWith('/')) path = attrValue;
            break;
          case 'max-age':
            if (Number(attrValue) <= 0) expired = true;
            break;
          case 'expires':
            if (Date.parse(attrValue) <= Date.now()) expired = true;
            break;
        }
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    const matches = (path: string) =>
      path === '/' || url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
    return [...this.cookies.values()]
      .filter((c) => matches(c.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

const decodeEntities = (value: string) =>
  value.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const e = entity.toLowerCase();
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e];
  });

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s=<>"'/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
    attributes[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attributes;
}

/** The page's first form: where it posts to and its named inputs with their values. */
function parseForm(html: string, pageUrl: URL): { action: URL; method: string; fields: Map<string, string> } | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const attributes = attributesOf(form[1]);
  const fields = new Map<string, string>();
  for (const input of form[2].matchAll(/<input\b([^>]*)>/gi)) {
    const a = attributesOf(input[1]);
    if (a.name) fields.set(a.name, a.value ?? '');
  }
  return { action: new URL(attributes.action || pageUrl.href, pageUrl), method: (attributes.method || 'get').toUpperCase(), fields };
}

const pageText = (html: string) =>
  decodeEntities(
    html
      .replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ).slice(0, 500);

/**
 * Signs in at the provider the way a browser would (fetch, own cookies): opens the authorization
 * URL, fills the login form with `login` (the account id) and any password, submits a consent form
 * should one appear, and returns the first redirect that leaves the provider, i.e. the client's
 * redirect_uri with `code` and `state` (or `error`), without requesting it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, opts: { password?: string } = {}): Promise<string> {
  const start = new URL(authorizationUrl);
  const { origin } = start;
  const jar = new CookieJar();
  const trail: string[] = [];
  const fail: (message: string) => never = (message) => {
    throw new Error(`signInAtProvider(${JSON.stringify(login)}): ${message}\n  steps: ${trail.join(' → ')}`);
  };

  let url = start;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  let loginSubmitted = false;
  let consentSubmitted = false;

  for (let step = 0; step < 20; step++) {
    trail.push(`${method} ${url.pathname}`);
    const headers: Record<string, string> = { accept: 'text/html' };
    const cookie = jar.header(url);
    if (cookie) headers.cookie = cookie;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    jar.store(url, res.headers.getSetCookie());
    trail[trail.length - 1] += ` ${res.status}`;

    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = res.headers.get('location');
      if (!location) fail(`redirect ${res.status} without a Location`);
      const next = new URL(location, url);
      if (next.origin !== origin) return next.href;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }

    const html = await res.text();
    if (res.status !== 200) fail(`the provider answered ${res.status}: ${pageText(html)}`);
    const form = parseForm(html, url);
    if (!form) fail(`the flow ended on a page without a form: ${pageText(html)}`);
    const { action, method: formMethod, fields } = form;
    if (action.origin !== origin) fail(`the page posts to ${action.href}, outside the provider (response_mode form_post is not supported here)`);

    const prompt = fields.get('prompt');
    if (prompt === 'login') {
      if (loginSubmitted) fail(`the login was not accepted (the login form came again): is there an account with id ${JSON.stringify(login)}?`);
      if (!fields.has('login') || !fields.has('password')) fail(`the login form has no login/password fields: ${[...fields.keys()].join(', ')}`);
      fields.set('login', login);
      fields.set('password', opts.password ?? 'any-password');
      loginSubmitted = true;
    } else if (prompt === 'consent') {
      if (consentSubmitted) fail('the consent form came again after it was submitted');
      consentSubmitted = true;
    } else {
      fail(`unexpected form (prompt=${prompt ?? 'none'}): ${pageText(html)}`);
    }

    url = action;
    method = formMethod;
    body = new URLSearchParams([...fields]);
    if (method === 'GET') {
      url = new URL(action);
      url.search = body.toString();
      body = undefined;
    }
  }
  return fail('no redirect to the client after 20 steps');
}
