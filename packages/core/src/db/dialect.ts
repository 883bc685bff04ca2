import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlDialect,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Dialect,
  type RawBuilder,
} from 'kysely';
import { type ChangeFeed, postgresMessages, sqliteStamp } from './change-feed.js';
import { type TurnCommits, turnCommitDriver } from './turn-commit.js';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnyDB, Row } from './types.js';
import { loadPeer } from '../peers.js';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/**
 * What a dialect can do; callers ask these, never the dialect's name.
 * This file is the only place where the three databases differ.
 */
export interface DialectCapabilities {
  name: DialectName;
  /** INSERT/UPDATE … RETURNING (MySQL has none: the adapter re-reads by id). */
  supportsReturning: boolean;
  /** A real boolean column type (else 0/1). */
  supportsBoolean: boolean;
  /** Dates bind and read back as `Date` (else stored as epoch milliseconds). */
  supportsDate: boolean;
  /** Unique violation detector for the driver's errors. */
  isUniqueViolation(error: unknown): boolean;
  /** The column type for a field type. `key`: unique, indexed or referenced (MySQL cannot index TEXT). */
  columnType(type: string, opts: { long?: boolean; key?: boolean }): string;
  /** Appended to CREATE TABLE (MySQL: engine, charset and a case-sensitive collation). */
  tableOptions?: string;
  /** `ALTER TABLE … ADD COLUMN … REFERENCES` creates the foreign key (MySQL parses and ignores it). */
  inlineReferences: boolean;
  /** `CREATE INDEX IF NOT EXISTS` exists (MySQL 8 has none). */
  createIndexIfNotExists: boolean;
  /**
   * SQL for the bucket a date column's value falls in: `floor((epochMillis(column) - start) / size)`, an integer
   * (0 for the first bucket), for counting per hour or day in the database. `start` and `size` are whole milliseconds.
   */
  bucketOf(column: string, start: number, size: number): RawBuilder<number>;
  /** SQL for the text at a top-level `key` of a JSON column (stored as text everywhere), null when absent. */
  jsonText(column: string, key: string): RawBuilder<string | null>;
}

/** An integer literal for SQL; refuses anything else, so callers cannot inline text. */
function int(n: number): RawBuilder<number> {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.lit(n);
}

/** A JSON key for a path literal: letters, digits, `_` and `-` only. */
function jsonKey(key: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`not a JSON key: ${key}`);
  return key;
}

/** Tables (with their columns) and index names of the current schema/database only. */
export interface SchemaSnapshot {
  tables: Map<string, Set<string>>;
  indexes: Set<string>;
}

/**
 * A pre-compiled statement run with positional parameters; each row as an array of its
 * column values, in select order. SQLite answers at once (no Promise) where it can, so a
 * request that needs nothing else is answered in the tick that read it.
 */
export type PreparedQuery = (params: readonly unknown[]) => unknown[][] | Promise<unknown[][]>;

export interface Database {
  db: Kysely<AnyDB>;
  caps: DialectCapabilities;
  close(): Promise<void>;
  /**
   * Hot-path statements (session look-up): SQLite keeps a better-sqlite3 statement,
   * Postgres a named server-side statement, MySQL a cached `execute`. Optional: a
   * hand-made Database without it is served through Kysely.
   */
  prepare?(sqlText: string, name: string): PreparedQuery;
  /** How rows read earlier are known to still hold (`change-feed.ts`); without it every read goes to the database. */
  changes?: ChangeFeed;
  /** SQLite: the writes of one event-loop turn are one transaction (`turn-commit.ts`); requests wait for theirs. */
  commits?: TurnCommits;
}

export interface PoolOptions {
  /** Connections per pool (Postgres/MySQL); default 10. */
  max?: number;
}

function errCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

export const sqliteCaps: DialectCapabilities = {
  name: 'sqlite',
  supportsReturning: true,
  supportsBoolean: false,
  supportsDate: false,
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY
  isUniqueViolation: (e) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(errCode(e) ?? ''),
  columnType: (type) => (type === 'number' || type === 'boolean' || type === 'date' ? 'integer' : 'text'),
  inlineReferences: true,
  createIndexIfNotExists: true,
  // Dates are epoch milliseconds already; the division of two integers is an integer division.
  bucketOf: (column, start, size) => sql<number>`cast((${sql.ref(column)} - ${int(start)}) / ${int(size)} as integer)`,
  jsonText: (column, key) => sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${jsonKey(key)}`)})`,
};

export const postgresCaps: DialectCapabilities = {
  name: 'postgres',
  supportsReturning: true,
  supportsBoolean: true,
  supportsDate: true,
  isUniqueViolation: (e) => errCode(e) === '23505',
  // JSON is kept as text: the adapter (de)serialises it the same way everywhere.
  columnType: (type) => ({ number: 'bigint', boolean: 'boolean', date: 'timestamptz(3)', json: 'text', string: 'text' })[type] ?? 'text',
  inlineReferences: true,
  createIndexIfNotExists: true,
  bucketOf: (column, start, size) => sql<number>`cast(floor((extract(epoch from ${sql.ref(column)}) * 1000 - ${int(start)}) / ${int(size)}) as integer)`,
  jsonText: (column, key) => sql<string | null>`(cast(${sql.ref(column)} as jsonb) ->> ${sql.lit(jsonKey(key))})`,
};

export const mysqlCaps: DialectCapabilities = {
  name: 'mysql',
  supportsReturning: false,
  supportsBoolean: false,
  supportsDate: true,
  isUniqueViolation: (e) => errCode(e) === 'ER_DUP_ENTRY',
  columnType: (type, { long, key }) =>
    ({
      number: 'bigint',
      boolean: 'tinyint(1)',
      date: 'datetime(3)',
      json: 'longtext',
      // Only keys need an indexable type; free text is TEXT so it is never cut at 255.
      string: key ? 'varchar(255)' : long ? 'longtext' : 'text',
    })[type] ?? 'text',
  // Case-sensitive comparisons, as in SQLite and Postgres (tokens are mixed case).
  tableOptions: 'engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin',
  inlineReferences: false,
  createIndexIfNotExists: false,
  // Dates are UTC (the pool's timezone is 'Z'): microseconds since the epoch, without the session's time zone.
  bucketOf: (column, start, size) =>
    sql<number>`floor((timestampdiff(microsecond, '1970-01-01 00:00:00', ${sql.ref(column)}) div 1000 - ${int(start)}) / ${int(size)})`,
  jsonText: (column, key) => sql<string | null>`json_unquote(json_extract(${sql.ref(column)}, ${sql.lit(`$.${jsonKey(key)}`)}))`,
};

export function capabilitiesOf(name: DialectName): DialectCapabilities {
  return { sqlite: sqliteCaps, postgres: postgresCaps, mysql: mysqlCaps }[name];
}

/**
 * The dialect a database URL names: `postgres://`/`postgresql://`, `mysql://`/`mariadb://`,
 * and SQLite for `file:…`, `sqlite:…`, `:memory:` or a plain path. Any other scheme is refused
 * rather than taken for a file name (`mongodb://…` would otherwise become a directory).
 */
export function dialectOf(url: string): DialectName {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//i.test(url)) return 'mysql';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1];
  if (scheme && !/^(file|sqlite)$/i.test(scheme)) {
    throw new Error(`unsupported database URL scheme "${scheme}:": use file:… or sqlite:… (SQLite), postgres://… or mysql://… (MySQL, MariaDB)`);
  }
  return 'sqlite';
}

/**
 * The SQLite file a URL names, or `:memory:`: the `file:`/`sqlite:` prefix removed, and read
 * as a URL path when it has one (`file:///srv/auth.db` is `/srv/auth.db`, `sqlite://auth.db`
 * is `auth.db`); `file:./data/auth.db` and a plain path stay as written.
 */
export function sqliteFileOf(url: string): string {
  const rest = url.replace(/^(file|sqlite):/i, '');
  const path = rest.startsWith('//') ? rest.slice(2) : rest;
  return path === ':memory:' ? ':memory:' : path;
}

/** A Kysely that only compiles (no connection): migration SQL per dialect, for snapshots. */
export function compileOnly(name: DialectName): Kysely<AnyDB> {
  const parts = {
    sqlite: [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler],
    postgres: [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler],
    mysql: [MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler],
  } as const;
  const [A, I, C] = parts[name];
  return new Kysely<AnyDB>({
    dialect: {
      createAdapter: () => new A(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new I(db),
      createQueryCompiler: () => new C(),
    },
  });
}

/** Reads tables, columns and index names of the current schema (Postgres) / database (MySQL) / file (SQLite). */
export async function introspect(db: Kysely<AnyDB>, caps: DialectCapabilities): Promise<SchemaSnapshot> {
  const q = {
    postgres: {
      columns: sql`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`,
      indexes: sql`select indexname as i from pg_indexes where schemaname = current_schema()`,
    },
    mysql: {
      columns: sql`select table_name as t, column_name as c from information_schema.columns where table_schema = database()`,
      indexes: sql`select distinct index_name as i from information_schema.statistics where table_schema = database()`,
    },
    sqlite: {
      columns: sql`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`,
      indexes: sql`select name as i from sqlite_master where type = 'index'`,
    },
  }[caps.name];
  const tables = new Map<string, Set<string>>();
  // MySQL answers information_schema columns in upper case on some versions: read either.
  const col = (r: Row, k: string) => String(r[k] ?? r[k.toUpperCase()]);
  for (const r of (await q.columns.execute(db)).rows as Row[]) {
    const t = col(r, 't');
    if (!tables.has(t)) tables.set(t, new Set());
    tables.get(t)!.add(col(r, 'c'));
  }
  const indexes = new Set(((await q.indexes.execute(db)).rows as Row[]).map((r) => col(r, 'i')));
  return { tables, indexes };
}

/**
 * Runs `fn` on one connection holding a lock that serialises migrations of the same
 * schema across processes (Postgres advisory lock, MySQL GET_LOCK). SQLite serialises
 * writers itself, and every step is idempotent there.
 */
export async function withMigrationLock<T>(db: Kysely<AnyDB>, caps: DialectCapabilities, fn: (conn: Kysely<AnyDB>) => Promise<T>): Promise<T> {
  if (caps.name === 'sqlite') return fn(db);
  return db.connection().execute(async (conn) => {
    if (caps.name === 'postgres') await sql`select pg_advisory_lock(hashtext('gatehouse-migrate:' || current_schema()))`.execute(conn);
    else await sql`select get_lock(concat('gatehouse-migrate:', database()), 60)`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      if (caps.name === 'postgres') await sql`select pg_advisory_unlock(hashtext('gatehouse-migrate:' || current_schema()))`.execute(conn);
      else await sql`select release_lock(concat('gatehouse-migrate:', database()))`.execute(conn);
    }
  });
}

/** better-sqlite3 behind Kysely's SQLite driver, with compiled statements kept (Kysely prepares on every query). */
function cachingSqlite(sqlite: import('better-sqlite3').Database) {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = sqlite.prepare(text);
        // Queries built from `in` lists vary: keep the cache bounded.
        if (cache.size >= 500) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

/** Opens the database named by a URL: `file:…`/`:memory:` (SQLite), `postgres://…`, `mysql://…`. */
export async function openDatabase(url: string, pool: PoolOptions = {}): Promise<Database> {
  let dialect: Dialect;
  let caps: DialectCapabilities;
  let prepare: Database['prepare'];
  let changes: ChangeFeed | undefined;
  let commits: TurnCommits | undefined;
  const kind = dialectOf(url);
  if (kind === 'postgres') {
    const pg = await loadPeer('pg', () => import('pg'));
    // Bigint columns hold epoch counters and counts; read them as numbers.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    // `options=-c search_path=…` in the URL selects the schema (pg passes it to the server).
    // Bounded waits: a database that accepts and never answers must not hold requests forever.
    // Idle connections are kept for a minute (as mysql2's pool does), not pg's 10 s: instances
    // re-read kept session rows every 10 s (TRUST_MAX_AGE_MS), and a pool that had just closed
    // its connections opened them again under load, a new server process each (p99 of
    // get-session 5.9–109 ms on a 2-vCPU VM, docs/performance.md).
    const pgPool = new pg.default.Pool({
      connectionString: url,
      max: pool.max ?? 10,
      idleTimeoutMillis: 60_000,
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
    });
    pgPool.on('error', () => {}); // an idle client lost: the pool replaces it; queries report their own errors
    dialect = new PostgresDialect({ pool: pgPool });
    caps = postgresCaps;
    prepare = (text, name) => async (params) => (await pgPool.query({ name, text, values: params as unknown[], rowMode: 'array' })).rows as unknown[][];
    changes = postgresMessages(pg.default, url, pgPool);
  } else if (kind === 'mysql') {
    const mysql = await loadPeer('mysql2', () => import('mysql2'));
    const myPool = mysql.createPool({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      connectionLimit: pool.max ?? 10,
      connectTimeout: 5_000,
      // Dates in UTC both ways; DATETIME(3) keeps milliseconds.
      timezone: 'Z',
      dateStrings: false,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4_bin',
    });
    dialect = new MysqlDialect({ pool: myPool });
    caps = mysqlCaps;
    const promisePool = myPool.promise();
    prepare = (text) => async (params) => (await promisePool.execute({ sql: text, rowsAsArray: true }, params as never[]))[0] as unknown[][];
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const file = sqliteFileOf(url);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Statement journals (and temporary tables and sorts) in memory, not in temporary files: inside a transaction
    // every write that may fail part-way keeps one, and a turn's writes are one transaction (`turn-commit.ts`):
    // in a file, a 17-row insert cost ≈ 80 µs more in a transaction than alone; in memory ≈ 25.
    sqlite.pragma('temp_store = MEMORY');
    const wrapped = cachingSqlite(sqlite);
    const grouped = turnCommitDriver(new SqliteDialect({ database: wrapped }).createDriver(), sqlite);
    commits = grouped.commits;
    changes = sqliteStamp(sqlite, grouped.commits);
    dialect = new (class extends SqliteDialect {
      override createDriver() {
        return grouped.driver;
      }
    })({ database: wrapped });
    caps = sqliteCaps;
    prepare = (text) => {
      // Prepared at first use: the tables may not exist before the migration.
      let stmt: import('better-sqlite3').Statement | undefined;
      return (params) => {
        stmt ??= sqlite.prepare(text).raw(true);
        // Inside another request's open transaction this connection would see its rows,
        // which may yet be undone: wait in line for the connection instead, behind that transaction.
        // (A turn's rows, committed at the turn's end, are read as they are: `turn-commit.ts`.)
        if (grouped.commits.inExplicit())
          return db.executeQuery<Row>(CompiledQuery.raw(text, [...params])).then((r) => r.rows.map((row) => Object.values(row)));
        return stmt.all(...params) as unknown[][];
      };
    };
  }
  const db = new Kysely<AnyDB>({ dialect });
  const feed = changes;
  const close = async () => {
    if (feed?.kind === 'messages') await feed.close();
    await db.destroy();
    if (feed?.kind === 'stamp') feed.close();
  };
  return { db, caps, close, prepare, ...(feed ? { changes: feed } : {}), ...(commits ? { commits } : {}) };
}
