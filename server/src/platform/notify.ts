import pg from 'pg';

/** What to do on a notice of a channel; `payload` is undefined after a reconnect (anything may have happened). */
type OnNotice = (payload?: string) => void;

/**
 * Listens on PostgreSQL channels over one connection of its own, for the notices instances send
 * each other (e.g. "drop your cached sessions", "these counters changed"). A lost connection is
 * opened again after a second; since notices sent meanwhile are lost, every handler also runs on
 * every reconnect, without a payload.
 */
export function listenPostgres(url: string, channel: string, onNotice: OnNotice): { close(): Promise<void> };
export function listenPostgres(url: string, handlers: Record<string, OnNotice>): { close(): Promise<void> };
export function listenPostgres(url: string, channelOrHandlers: string | Record<string, OnNotice>, onNotice?: OnNotice): { close(): Promise<void> } {
  const handlers = typeof channelOrHandlers === 'string' ? { [channelOrHandlers]: onNotice! } : channelOrHandlers;
  const channel = Object.keys(handlers).join(', ');
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const reconnect = () => {
    client = null;
    if (!closed && !retry) retry = setTimeout(connect, 1000).unref();
  };
  const connect = async () => {
    retry = null;
    const c = new pg.Client({ connectionString: url });
    c.on('error', (err) => {
      console.error(`LISTEN ${channel}: Verbindung verloren:`, err.message);
      void c.end().catch(() => undefined);
      reconnect();
    });
    c.on('notification', (n) => handlers[n.channel]?.(n.payload ?? ''));
    try {
      await c.connect();
      for (const name of Object.keys(handlers)) await c.query(`listen ${pg.escapeIdentifier(name)}`);
      client = c;
      for (const handler of Object.values(handlers)) handler();
      if (closed) await c.end();
    } catch (err) {
      console.error(`LISTEN ${channel} fehlgeschlagen:`, (err as Error).message);
      void c.end().catch(() => undefined);
      reconnect();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
