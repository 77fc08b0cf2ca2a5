import path from 'node:path';

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
  /** Trust X-Forwarded-For from a load balancer in front of the app. */
  trustProxy: boolean;
  logLevel: string;
  /** Directory of the built web app, served at '/'. */
  webDist: string;
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
