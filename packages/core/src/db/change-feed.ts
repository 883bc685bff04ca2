import { closeSync, openSync, readSync } from 'node:fs';
import type { Pool } from 'pg';
import type { TurnCommits } from './turn-commit.js';

/**
 * How a database tells that rows read earlier may have changed, so that the session read
 * path (`session/trust.ts`) can answer from rows it read before without reading them again.
 *
 * - `stamp` (SQLite): a value that moves whenever anything is written, by this connection
 *   (`total_changes()`) or by another connection or process on the same file (the WAL-index
 *   header every commit rewrites, else `PRAGMA data_version`); `undefined` inside an open
 *   transaction (its uncommitted rows are visible here). Exact.
 * - `messages` (Postgres): instances tell each other which sessions and users changed
 *   (LISTEN/NOTIFY). A row may be stale for as long as a message takes to arrive (measured
 *   in tests/scale/two-instances.test.ts; docs/deploy.md). While the listening connection
 *   is down nothing is trusted.
 */
export type ChangeFeed = StampFeed | MessageFeed;

export interface StampFeed {
  kind: 'stamp';
  stamp(): string | undefined;
  /** Lets go of what it holds open (with the database). */
  close(): void;
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

/**
 * SQLite's stamp: `total_changes()` of this connection, a mark of the other connections' commits,
 * and how many of this connection's turns were rolled back (`commits`; without it, any open
 * transaction means no stamp).
 */
export function sqliteStamp(sqlite: import('better-sqlite3').Database, commits?: Pick<TurnCommits, 'inExplicit' | 'epoch'>): StampFeed {
  let changes: import('better-sqlite3').Statement | undefined;
  // Looked at now, while the path names the file this connection opened.
  const others = otherCommits(sqlite);
  let last = '';
  let lastChanges = -1;
  let lastOthers = -1;
  let lastEpoch = -1;
  return {
    kind: 'stamp',
    stamp() {
      if (commits ? commits.inExplicit() : sqlite.inTransaction) return undefined;
      changes ??= sqlite.prepare('select total_changes()').pluck();
      const mine = changes.get() as number;
      const theirs = others.read();
      const undone = commits?.epoch() ?? 0;
      // The same string while nothing moved: no garbage on the hot path.
      if (mine !== lastChanges || theirs !== lastOthers || undone !== lastEpoch) {
        lastChanges = mine;
        lastOthers = theirs;
        lastEpoch = undone;
        last = `${mine}:${theirs}:${undone}`;
      }
      return last;
    },
    close: () => others.close(),
  };
}

/** The first copy of the WAL-index header: 48 bytes (sqlite.org/walformat.html). */
const WAL_HEADER_BYTES = 48;

/**
 * A number that moves whenever another connection (in this process or another) commits.
 *
 * `PRAGMA data_version` says exactly that, but it opens a read transaction, which on a WAL
 * file costs three system calls (two `fcntl` locks on the -shm file and an `fstat`): about
 * 4 µs of a 30 µs get-session on the machines measured (docs/performance.md). A commit in
 * WAL mode ends by rewriting the WAL-index header at the start of the -shm file, which every
 * connection to the file maps (its `iChange` counter is incremented on every commit, and a
 * writer writes this first copy last). Reading those 48 bytes is one `pread` and sees the
 * same pages as the writers' mappings. Any difference from the previous read counts as a
 * commit, and so does every read that cannot be made (nothing is then answered from rows read
 * before). A file not in WAL mode, or whose -shm file cannot be opened, is asked
 * `data_version`. A database in memory has no other connection: nothing to look at.
 */
function otherCommits(sqlite: import('better-sqlite3').Database): { read(): number; close(): void } {
  const none = () => {};
  if (sqlite.memory) return { read: () => 0, close: none };
  const version = sqlite.prepare('pragma data_version').pluck();
  const fallback = () => version.get() as number;
  const mode = sqlite.pragma('journal_mode', { simple: true });
  if (typeof mode !== 'string' || mode.toLowerCase() !== 'wal') return { read: fallback, close: none };
  let fd: number;
  try {
    // A read makes this connection map the -shm file; it stays while the connection is open.
    version.get();
    fd = openSync(`${sqlite.name}-shm`, 'r');
  } catch {
    return { read: fallback, close: none };
  }
  const now = Buffer.alloc(WAL_HEADER_BYTES);
  const seen = Buffer.alloc(WAL_HEADER_BYTES);
  let moves = 0;
  let open = true;
  return {
    read() {
      let read = 0;
      try {
        if (open) read = readSync(fd, now, 0, WAL_HEADER_BYTES, 0);
      } catch {}
      // Not readable: counted as a move every time, so nothing is answered from rows read before.
      if (read !== WAL_HEADER_BYTES) return ++moves;
      if (!now.equals(seen)) {
        now.copy(seen);
        moves++;
      }
      return moves;
    },
    close() {
      if (!open) return;
      open = false;
      try {
        closeSync(fd);
      } catch {}
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
