import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Directory of the built web app, served at '/'; null: the API alone (WEB_DIST=''). */
  webDist: string | null;
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
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
  };
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
