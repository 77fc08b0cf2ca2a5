import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowList, type MetricsAccess } from './platform/metrics-access.ts';

/** Runtime configuration, read once from the environment (README "Konfiguration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** 'demo' seeds the demo company into an empty database; 'none' skips it. */
  seed: 'demo' | 'none';
  smtpUrl: string | null;
  mailFrom: string;
  /** Base address used in e-mails (password links). */
  publicUrl: string;
  /**
   * Which proxies in front of the app to believe about the client's address (X-Forwarded-For):
   * false (none), a hop count (the right-most N entries are proxies), or a list of proxy
   * addresses and networks. The client is the right-most address that is no trusted proxy.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** SIGTERM: seconds between /api/ready turning 503 and closing, for the balancer to notice. */
  shutdownDrainSeconds: number;
  /** Who may read GET /api/metrics (METRICS_TOKEN, METRICS_ALLOW); nobody when both are unset. */
  metrics: MetricsAccess;
  /** Directory of the built web app, served at '/'; null: the API alone (WEB_DIST=''). */
  webDist: string | null;
  /** Object storage (S3 API) for file bytes; null: the local folder DATA_DIR/files. */
  s3: S3Config | null;
  /** Web Push (VAPID_*): the key pair, or null to use the one the server generated once and keeps in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** Who sends the push messages, as push services see it (a mailto: or https: address). */
  vapidSubject: string;
  /**
   * Push endpoints are public https addresses of the browsers' push services; PUSH_ALLOW_LOOPBACK=1
   * also accepts the loopback address, for a push service on the same machine (tests, development).
   */
  pushAllowLoopback: boolean;
  /** Certificates (PEM) trusted for push services besides the usual ones (PUSH_CA_FILE), e.g. a company's TLS proxy. */
  pushCa: string | null;
  /** Sign-in with the company account (OIDC_*), or null when OIDC_ISSUER is not set. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  groupsClaim: string;
  /** Identity-provider group → portal group name, in the order given: the first the person holds wins. */
  groupMap: [string, string][];
  /** A claim whose value names a location by name or number; null: the location is not taken from the provider. */
  locationClaim: string | null;
  /** Unknown people are created at their first sign-in; false: only existing accounts, found by e-mail. */
  autoCreate: boolean;
  buttonLabel: string;
  /** http only for a provider on the loopback address (tests, a local provider). */
  allowHttp: boolean;
}

export interface S3Config {
  bucket: string;
  /** Address of an S3-compatible store (MinIO, Ceph, …); null: AWS itself. */
  endpoint: string | null;
  region: string;
  /** Null: the SDK's default credential chain (environment, profile, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Put before every object name, ending in '/' unless empty. */
  prefix: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Filialportal <noreply@filialportal.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    shutdownDrainSeconds: readDrainSeconds(env.SHUTDOWN_DRAIN_SECONDS, env.DATABASE_URL ? 5 : 0),
    metrics: readMetricsAccess(env),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    s3: readS3Config(env),
    vapid: readVapid(env),
    vapidSubject: env.VAPID_SUBJECT?.trim() || `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? env.MAIL_FROM?.trim() ?? 'noreply@filialportal.local'}`,
    pushAllowLoopback: env.PUSH_ALLOW_LOOPBACK === '1',
    pushCa: env.PUSH_CA_FILE ? fs.readFileSync(path.resolve(base, env.PUSH_CA_FILE), 'utf8') : null,
    oidc: readOidcConfig(env),
  };
}

/**
 * SHUTDOWN_DRAIN_SECONDS: 0–300. Default on PostgreSQL 5 (instances behind a balancer that probes
 * every few seconds), on the embedded database 0 (one instance, no balancer to tell).
 */
function readDrainSeconds(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 300) throw new Error(`SHUTDOWN_DRAIN_SECONDS muss eine Zahl von 0 bis 300 sein: ${value}`);
  return seconds;
}

/** METRICS_TOKEN (at least 16 characters) and METRICS_ALLOW (addresses, networks), checked at start. */
function readMetricsAccess(env: NodeJS.ProcessEnv): MetricsAccess {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token && token.length < 16) throw new Error('METRICS_TOKEN muss mindestens 16 Zeichen lang sein.');
  const allow = (env.METRICS_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  allowList(allow);
  const access = { allow } as MetricsAccess;
  // Like the other secrets: out of JSON and util.inspect.
  Object.defineProperty(access, 'token', { value: token, enumerable: false });
  return access;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** OIDC_*: the company account; refused at start when incomplete or not https (loopback aside). */
export function readOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = env.OIDC_ISSUER?.trim().replace(/\/$/, '');
  if (!issuer) return null;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER ist keine gültige Adresse: ${issuer}`);
  }
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error('OIDC_ISSUER muss https verwenden (http nur für einen Anbieter auf 127.0.0.1 oder localhost).');
  }
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  if (!clientId) throw new Error('OIDC_CLIENT_ID fehlt (mit OIDC_ISSUER zusammen setzen).');
  let groupMap: [string, string][] = [];
  if (env.OIDC_GROUP_MAP?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.OIDC_GROUP_MAP);
    } catch {
      throw new Error('OIDC_GROUP_MAP ist kein gültiges JSON (z. B. {"portal-hr":"HR","portal-verkauf":"Verkauf"}).');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
      throw new Error('OIDC_GROUP_MAP muss ein JSON-Objekt sein, das Gruppen des Anbieters auf Gruppennamen des Portals abbildet.');
    }
    groupMap = Object.entries(parsed as Record<string, string>);
  }
  const config = {
    issuer,
    clientId,
    scopes: env.OIDC_SCOPES?.trim() || 'openid profile email',
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || 'groups',
    groupMap,
    locationClaim: env.OIDC_LOCATION_CLAIM?.trim() || null,
    autoCreate: !['false', '0', 'no'].includes(env.OIDC_AUTO_CREATE?.trim().toLowerCase() ?? ''),
    buttonLabel: env.OIDC_BUTTON_LABEL?.trim() || 'Mit Firmenkonto anmelden',
    allowHttp: loopback,
  } as OidcConfig;
  // Like the other secrets: out of JSON and util.inspect.
  Object.defineProperty(config, 'clientSecret', { value: env.OIDC_CLIENT_SECRET ?? '', enumerable: false });
  return config;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither. */
function readVapid(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error('VAPID_PUBLIC_KEY und VAPID_PRIVATE_KEY nur gemeinsam setzen (oder beide weglassen).');
  if (!publicKey) return null;
  const keys = { publicKey } as { publicKey: string; privateKey: string };
  Object.defineProperty(keys, 'privateKey', { value: privateKey, enumerable: false });
  return keys;
}

/** S3_*: object storage when S3_BUCKET is set; the rest fills in the connection. */
export function readS3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  // One key without the other is a typo, not a wish for the default chain: it would quietly sign as someone else.
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY nur gemeinsam setzen (oder beide weglassen).');
  }
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId ? hiddenSecret(accessKeyId, secretAccessKey) : null,
    // Self-hosted stores rarely have a wildcard DNS name per bucket; AWS itself prefers virtual hosts.
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : endpoint !== null,
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** The secret stays out of JSON and util.inspect, so logging the configuration cannot leak it. */
function hiddenSecret(accessKeyId: string, secretAccessKey: string) {
  const credentials = { accessKeyId } as { accessKeyId: string; secretAccessKey: string };
  Object.defineProperty(credentials, 'secretAccessKey', { value: secretAccessKey, enumerable: false });
  return credentials;
}

/**
 * TRUST_PROXY: empty or 'false' trusts nobody; a number is the count of proxies in front
 * ('true' means one); anything else is a comma-separated list of proxy addresses or networks
 * ('10.0.0.0/8, loopback'). Never the left-most entry of X-Forwarded-For, which the client writes.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}
