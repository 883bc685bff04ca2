import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnyDB } from './types.js';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** What a dialect can do; callers ask these, never the dialect's name. */
export interface DialectCapabilities {
  name: DialectName;
  supportsReturning: boolean;
  supportsBoolean: boolean;
  /** Dates bind and read back as `Date` (else stored as epoch milliseconds). */
  supportsDate: boolean;
  /** Unique violation detector for the driver's errors. */
  isUniqueViolation(error: unknown): boolean;
  /** The column type for a field type. */
  columnType(type: string, opts: { long?: boolean; key?: boolean }): string;
}

export interface Database {
  db: Kysely<AnyDB>;
  caps: DialectCapabilities;
  close(): Promise<void>;
}

export interface PoolOptions {
  max?: number;
}

function errCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

const sqliteCaps: DialectCapabilities = {
  name: 'sqlite',
  supportsReturning: true,
  supportsBoolean: false,
  supportsDate: false,
  isUniqueViolation: (e) => /UNIQUE|PRIMARYKEY/.test(errCode(e) ?? ''),
  columnType: (type) => (type === 'number' || type === 'boolean' || type === 'date' ? 'integer' : 'text'),
};

const postgresCaps: DialectCapabilities = {
  name: 'postgres',
  supportsReturning: true,
  supportsBoolean: true,
  supportsDate: true,
  isUniqueViolation: (e) => errCode(e) === '23505',
  columnType: (type) =>
    ({ number: 'bigint', boolean: 'boolean', date: 'timestamptz(3)', json: 'text', string: 'text' })[type] ?? 'text',
};

const mysqlCaps: DialectCapabilities = {
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
      string: key || !long ? 'varchar(255)' : 'text',
    })[type] ?? 'text',
};

/** Opens the database named by a URL: `file:…`/`:memory:` (SQLite), `postgres://…`, `mysql://…`. */
export async function openDatabase(url: string, pool: PoolOptions = {}): Promise<Database> {
  let dialect: Dialect;
  let caps: DialectCapabilities;
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pg = await import('pg');
    // Bigint columns hold epoch counters; read them as numbers.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    dialect = new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url, max: pool.max ?? 10 }) });
    caps = postgresCaps;
  } else if (/^mysql:\/\//.test(url)) {
    const mysql = await import('mysql2');
    dialect = new MysqlDialect({
      pool: mysql.createPool({ uri: url, connectionLimit: pool.max ?? 10, timezone: 'Z', supportBigNumbers: true, bigNumberStrings: false }),
    });
    caps = mysqlCaps;
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const file = url === ':memory:' ? ':memory:' : url.replace(/^file:/, '');
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    dialect = new SqliteDialect({ database: sqlite });
    caps = sqliteCaps;
  }
  const db = new Kysely<AnyDB>({ dialect });
  return { db, caps, close: () => db.destroy() };
}
