import { randomBytes } from 'node:crypto';
import type { DialectName } from '../db/dialect.js';

/**
 * Test support: a fresh, private database per test run on each configured dialect.
 * SQLite always; Postgres when TEST_POSTGRES_URL is set (a schema `gh_<random>`, selected
 * through `options=-c search_path=…` in the URL); MySQL/MariaDB when TEST_MYSQL_URL is
 * set (a database `gh_<random>`). `drop()` removes it, so runs never collide.
 */
export interface TestDatabase {
  dialect: DialectName;
  /** The URL to open it with (`openDatabase`, DATABASE_URL). */
  url: string;
  /** The schema (Postgres) or database (MySQL) name; '' for SQLite. */
  name: string;
  drop(): Promise<void>;
}

const envUrl = (dialect: DialectName, env: NodeJS.ProcessEnv = process.env) =>
  dialect === 'postgres' ? env.TEST_POSTGRES_URL : dialect === 'mysql' ? env.TEST_MYSQL_URL : ':memory:';

/** SQLite, plus Postgres / MySQL when their TEST_*_URL is set. */
export function configuredDialects(env: NodeJS.ProcessEnv = process.env): DialectName[] {
  return (['sqlite', 'postgres', 'mysql'] as const).filter((d) => !!envUrl(d, env));
}

/** The dialect the route tests run on: TEST_DIALECT (sqlite | postgres | mysql), default SQLite. */
export function defaultTestDialect(env: NodeJS.ProcessEnv = process.env): DialectName {
  const d = env.TEST_DIALECT ?? 'sqlite';
  if (d !== 'sqlite' && d !== 'postgres' && d !== 'mysql') throw new Error(`TEST_DIALECT must be sqlite, postgres or mysql, not ${d}`);
  return d;
}

const freshName = () => `gh_${randomBytes(6).toString('hex')}`;

/** Creates a private schema/database on `dialect` (or an in-memory SQLite). */
export async function createTestDatabase(dialect: DialectName, env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const base = envUrl(dialect, env);
  if (!base) throw new Error(`${dialect === 'postgres' ? 'TEST_POSTGRES_URL' : 'TEST_MYSQL_URL'} is not set`);
  if (dialect === 'sqlite') return { dialect, url: ':memory:', name: '', drop: async () => {} };
  const name = freshName();
  if (dialect === 'postgres') {
    const pg = await import('pg');
    const admin = async (text: string) => {
      const client = new pg.default.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${name}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${name}`);
    return { dialect, url: url.toString(), name, drop: () => admin(`drop schema if exists ${name} cascade`) };
  }
  const mysql = await import('mysql2/promise');
  const admin = async (text: string) => {
    const conn = await mysql.createConnection({ uri: base });
    try {
      await conn.query(text);
    } finally {
      await conn.end();
    }
  };
  await admin(`create database ${name} character set utf8mb4 collate utf8mb4_bin`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { dialect, url: url.toString(), name, drop: () => admin(`drop database if exists ${name}`) };
}

/**
 * Whether a test needing `dialect` must skip: only when its URL is unset and CI is not
 * 'true'. Under CI a missing service is a failure, not a skip.
 */
export function mustSkip(dialect: DialectName, env: NodeJS.ProcessEnv = process.env): boolean {
  return !envUrl(dialect, env) && env.CI !== 'true';
}
