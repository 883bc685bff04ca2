import { CompiledQuery } from 'kysely';
import type { Adapter } from '../db/adapter.js';
import type { Database, PreparedQuery } from '../db/dialect.js';
import type { Row } from '../db/types.js';
import type { MaybePromise } from '../maybe.js';
import { after } from '../maybe.js';
import type { SessionCache } from '../storage/session-cache.js';
import type { SessionRow, UserRow } from './types.js';
import { hashOfSessionKey } from './token-key.js';

/** A session and its user as stored; `values` is the database row they were read from. */
export interface Found {
  session: SessionRow;
  user: UserRow;
  values?: readonly unknown[];
}

/**
 * The hot-path reads of sessions: compiled once, prepared where the database can (SQLite
 * answers in the same tick), rows read as arrays. Secondary storage (Redis), when
 * configured, is asked first. A session is found by its token's key (`sessionTokenKey`);
 * one made before such keys, kept under its token's hash alone, is looked for next when
 * the key finds nothing (`hashOfSessionKey`).
 */
export class SessionReads {
  /** The session joined with its user, by its token's key. */
  private readonly lookupSql: string;
  private readonly prepared?: PreparedQuery;
  /** A user's sessions, newest first (list-sessions). */
  private readonly listSql: string;
  private readonly preparedList?: PreparedQuery;
  /** The same list found by one of its tokens' key, in one query (the fast lane's list-sessions). */
  private readonly listByTokenSql: string;
  private readonly preparedListByToken?: PreparedQuery;
  private readonly tokenColumn: number;
  readonly sessionRow: ReturnType<Adapter['arrayReader']>;
  private readonly joinedUserRow: ReturnType<Adapter['arrayReader']>;

  constructor(
    private readonly adapter: Adapter,
    database: Pick<Database, 'prepare'>,
    /** Sessions in secondary storage, when configured. */
    readonly cache?: SessionCache,
  ) {
    this.sessionRow = adapter.arrayReader('session');
    this.joinedUserRow = adapter.arrayReader('user', this.sessionRow.columns.length);
    this.lookupSql = adapter.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select([...this.sessionRow.columns.map((c) => `session.${c} as s_${c}`), ...this.joinedUserRow.columns.map((c) => `user.${c} as u_${c}`)])
      .where('session.token', '=', '')
      .compile().sql;
    this.listSql = adapter.db
      .selectFrom('session')
      .select(this.sessionRow.columns.map((c) => `session.${c}`))
      .where('session.userId', '=', '')
      .orderBy('session.createdAt', 'desc')
      .orderBy('session.id', 'desc')
      .compile().sql;
    this.listByTokenSql = adapter.db
      .selectFrom('session as mine')
      .innerJoin('session as s', 's.userId', 'mine.userId')
      .select(this.sessionRow.columns.map((c) => `s.${c}`))
      .where('mine.token', '=', '')
      .orderBy('s.createdAt', 'desc')
      .orderBy('s.id', 'desc')
      .compile().sql;
    this.tokenColumn = this.sessionRow.columns.indexOf('token');
    this.prepared = database.prepare?.(this.lookupSql, 'gatehouse_session_lookup');
    this.preparedList = database.prepare?.(this.listSql, 'gatehouse_session_list');
    this.preparedListByToken = database.prepare?.(this.listByTokenSql, 'gatehouse_session_list_by_token');
  }

  /** Runs a hot-path statement: prepared where the database offers it, else through Kysely. */
  private rows(prepared: PreparedQuery | undefined, text: string, params: unknown[]): MaybePromise<unknown[][]> {
    if (prepared) return prepared(params);
    return this.adapter.db.executeQuery<Row>(CompiledQuery.raw(text, params)).then((r) => r.rows.map((row) => Object.values(row)));
  }

  /**
   * A statement whose one parameter is a token's key, run with the key and, when that finds nothing, with the key a
   * session made before token keys was kept under (its hash alone). A miss (a revoked or deleted session) so costs
   * two queries; a new key and an old token's key look alike, so the second cannot be skipped.
   */
  private rowsByKey(prepared: PreparedQuery | undefined, text: string, tokenKey: string): MaybePromise<unknown[][]> {
    return after(this.rows(prepared, text, [tokenKey]), (rows) => (rows.length ? rows : this.rows(prepared, text, [hashOfSessionKey(tokenKey)])));
  }

  /** The joined row of a session and its user, by its token's key, as values (the database only). */
  joinedRow(tokenKey: string): MaybePromise<readonly unknown[] | undefined> {
    return after(this.rowsByKey(this.prepared, this.lookupSql, tokenKey), (rows) => rows[0]);
  }

  /** A joined row, read. */
  readJoined(values: readonly unknown[]): Found {
    return { session: this.sessionRow.read(values) as SessionRow, user: this.joinedUserRow.read(values) as UserRow, values };
  }

  /** The session joined with its user, by its token's key: one query, two for a miss or a session kept under its legacy key. */
  private lookup(tokenKey: string): MaybePromise<Found | null> {
    return after(this.joinedRow(tokenKey), (values) => (values ? this.readJoined(values) : null));
  }

  /** Secondary storage first (one GET), the database when it has no record or is down. */
  byKey(tokenKey: string): MaybePromise<Found | null> {
    return this.cache ? this.cached(this.cache, tokenKey) : this.lookup(tokenKey);
  }

  private async cached(cache: SessionCache, tokenKey: string): Promise<Found | null> {
    const cached = await cache.read(tokenKey);
    if (cached === 'revoked') return null;
    if (cached) return cached;
    // Missing (evicted, never written) or the storage is down: the database answers.
    const readAt = await cache.clock();
    const found = await this.lookup(tokenKey);
    // Storage keeps a session under its row's token column; one kept under its legacy key
    // would be written there again on every read (this key never finds it): it is read
    // from the database each time instead.
    if (found && found.session.token === tokenKey && readAt !== null) await cache.fill(found, readAt);
    return found;
  }

  /** A user's sessions as rows of values, newest first. */
  listRows(userId: string): MaybePromise<unknown[][]> {
    return this.rows(this.preparedList, this.listSql, [userId]);
  }

  /** The sessions of the user whose session has this token key (or its legacy key), as rows of values, newest first. */
  listRowsByToken(tokenKey: string): MaybePromise<unknown[][]> {
    return this.rowsByKey(this.preparedListByToken, this.listByTokenSql, tokenKey);
  }

  /** Whether a row of values is the session kept under this token key (or its legacy key). */
  isKeptUnder(values: readonly unknown[], tokenKey: string): boolean {
    const kept = values[this.tokenColumn];
    return kept === tokenKey || kept === hashOfSessionKey(tokenKey);
  }

  /** The unexpired sessions among rows of values. */
  liveRows(rows: readonly unknown[][], now: number): SessionRow[] {
    const out: SessionRow[] = [];
    for (const values of rows) {
      const s = this.sessionRow.read(values) as SessionRow;
      if (s.expiresAt.getTime() > now) out.push(s);
    }
    return out;
  }
}
