import type { Pool } from 'pg';

/**
 * How a database tells that rows read earlier may have changed, so that the session read
 * path (`session/trust.ts`) can answer from rows it read before without reading them again.
 *
 * - `stamp` (SQLite): a value that moves whenever anything is written, by this connection
 *   (`total_changes()`) or by another process on the same file (`PRAGMA data_version`);
 *   `undefined` inside an open transaction (its uncommitted rows are visible here). Exact.
 * - `messages` (Postgres): instances tell each other which sessions and users changed
 *   (LISTEN/NOTIFY). A row may be stale for as long as a message takes to arrive (measured
 *   in tests/scale/two-instances.test.ts; docs/deploy.md). While the listening connection
 *   is down nothing is trusted.
 */
export type ChangeFeed = StampFeed | MessageFeed;

export interface StampFeed {
  kind: 'stamp';
  stamp(): string | undefined;
}

export interface MessageHandlers {
  message(payload: string): void;
  /** Listening: messages from now on arrive. */
  up(): void;
  /** Not listening (lost, or not yet connected): messages may be missed. */
  down(): void;
}

export interface MessageFeed {
  kind: 'messages';
  /** Tells every instance (this one included); resolves once the database took the message. */
  publish(payload: string): Promise<void>;
  /** Starts listening (once); reconnects after a loss. */
  listen(handlers: MessageHandlers): void;
  /** Drops the listening connection and makes a new one (a message of ours did not come back). */
  reconnect(): void;
  close(): Promise<void>;
}

/** SQLite's stamp: `total_changes()` of this connection and the file's `data_version`. */
export function sqliteStamp(sqlite: import('better-sqlite3').Database): StampFeed {
  let changes: import('better-sqlite3').Statement | undefined;
  let version: import('better-sqlite3').Statement | undefined;
  return {
    kind: 'stamp',
    stamp() {
      if (sqlite.inTransaction) return undefined;
      changes ??= sqlite.prepare('select total_changes()').pluck();
      version ??= sqlite.prepare('pragma data_version').pluck();
      return `${changes.get()}:${version.get()}`;
    },
  };
}

const RECONNECT_MS = 1_000;
/** The channel of one schema: every instance on the same schema listens on it (at most 63 characters). */
const CHANNEL_SQL = `'gh_sessions_' || md5(current_schema())`;

/** Postgres LISTEN/NOTIFY on a connection of its own; messages are sent through the pool. */
export function postgresMessages(pg: typeof import('pg').default, url: string, pool: Pool): MessageFeed {
  let handlers: MessageHandlers | undefined;
  let client: import('pg').Client | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
    timer.unref?.();
  };
  const connect = async () => {
    if (closed || !handlers) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client === c) client = undefined;
      handlers?.down();
      retry();
    };
    c.on('error', () => c.end().catch(() => {}));
    c.on('end', lost);
    try {
      await c.connect();
      const { rows } = await c.query<{ channel: string }>(`select ${CHANNEL_SQL} as channel`);
      const channel = rows[0]!.channel;
      c.on('notification', (n) => {
        if (n.channel === channel) handlers?.message(n.payload ?? '');
      });
      await c.query(`listen "${channel}"`);
      if (closed) return void c.end().catch(() => {});
      client = c;
      handlers.up();
    } catch {
      c.removeListener('end', lost);
      c.end().catch(() => {});
      lost();
    }
  };

  return {
    kind: 'messages',
    async publish(payload) {
      await pool.query(`select pg_notify(${CHANNEL_SQL}, $1)`, [payload]);
    },
    listen(h) {
      if (handlers) return;
      handlers = h;
      h.down();
      void connect();
    },
    reconnect() {
      // Its 'end' says down, then a new connection is made.
      client?.end().catch(() => {});
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
