import pg from 'pg';

/**
 * Listens on a PostgreSQL channel over a connection of its own, for the notices instances send
 * each other (e.g. "drop your cached sessions"). A lost connection is opened again after a
 * second; since notices sent meanwhile are lost, `onNotice` also runs on every reconnect.
 */
export function listenPostgres(url: string, channel: string, onNotice: () => void): { close(): Promise<void> } {
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
    c.on('notification', onNotice);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = c;
      onNotice();
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
