import { CompiledQuery } from 'kysely';
import { generateId, randomString } from '../crypto/random.js';
import { hashToken, type Signer } from '../crypto/sign.js';
import type { Adapter } from '../db/adapter.js';
import type { Database, PreparedQuery } from '../db/dialect.js';
import type { Schema } from '../db/schema.js';
import type { Row } from '../db/types.js';
import { APIError, BASE_ERRORS } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RequestScope } from '../request-scope.js';
import { SessionCache } from '../storage/session-cache.js';
import type { SecondaryStorage } from '../storage/types.js';
import { readCookie, type CookieNames } from '../cookies.js';
import { after, type MaybePromise } from '../maybe.js';
import { publicRow } from '../user-fields.js';
import type { SessionRow, SessionWithUser, UserRow } from './types.js';

const NON_REMEMBERED_SECONDS = 86400;
const VERIFIED_MEMO_SIZE = 10_000;
const DECODED_MEMO_SIZE = 1_000;
const LIVE_MEMO_SIZE = 1_000;

/** A session and its user as stored; `values` is the database row they were read from. */
interface Found {
  session: SessionRow;
  user: UserRow;
  values?: readonly unknown[];
}

/** A signed cache cookie, verified and decoded; `json` is get-session's body, once rendered. */
interface CacheEntry {
  session: SessionRow;
  user: UserRow;
  expiresAt: number;
  tokenHash: string;
  json?: { token: string; body: string };
}

/** A session the fast lane may answer for, until `until` (its expiry or its renewal, whichever comes first). */
interface Live {
  values?: readonly unknown[];
  id: string;
  userId: string;
  until: number;
  /** get-session's answer. */
  body: string;
}

type Resolved =
  | { kind: 'none' }
  | { kind: 'cached'; entry: CacheEntry; token: string; hash: string }
  | { kind: 'live'; found: Found; token: string; hash: string }
  | { kind: 'gone'; found: Found | null };

const NONE: Resolved = { kind: 'none' };

/** Same values, in order; dates (Postgres answers Date objects) by their time. */
function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y) ? sameValues(x, y) : x instanceof Date && y instanceof Date && x.getTime() === y.getTime()) continue;
    return false;
  }
  return true;
}

/** Bounded memo: the oldest entry goes when it is full. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
const COOKIE_CACHE_LIMIT = 4093;

/** The resolved `session` options. */
export interface SessionOptions {
  expiresIn: number;
  updateAge: number;
  freshAge: number;
  cookieCache: { enabled: boolean; maxAge: number };
}

/** What the session manager is built from. */
export interface SessionDeps {
  adapter: Adapter;
  database: Pick<Database, 'prepare'>;
  schema: Schema;
  signer: Signer;
  cookies: CookieNames;
  secureCookies: boolean;
  options: SessionOptions;
  secondaryStorage?: SecondaryStorage;
  logger: Logger;
  now(): number;
  /** Sessions list-sessions leaves out (made by a plugin on someone's behalf). */
  hidden?: readonly ((session: SessionRow) => boolean)[];
}

/** Sessions: opaque random tokens, only their hash stored, sliding expiry. */
export class SessionManager {
  /** The session joined with its user, by token hash: compiled once, prepared where the database can. */
  private readonly lookupSql: string;
  private readonly prepared?: PreparedQuery;
  /** A user's sessions, newest first (list-sessions): the same. */
  private readonly listSql: string;
  private readonly preparedList?: PreparedQuery;
  /** The same list found by one of its tokens' hash, in one query (the fast lane's list-sessions). */
  private readonly listByTokenSql: string;
  private readonly preparedListByToken?: PreparedQuery;
  private readonly tokenColumn: number;
  private readonly sessionRow: ReturnType<Adapter['arrayReader']>;
  private readonly joinedUserRow: ReturnType<Adapter['arrayReader']>;
  /** Sessions in secondary storage (Redis), when configured. */
  private readonly cache?: SessionCache;
  /** Signed session cookies already verified → token and its hash (bounded memo). */
  private readonly verified = new Map<string, { token: string; hash: string }>();
  /** Signed cache cookies already verified and decoded (bounded memo). */
  private readonly decodedCache = new Map<string, CacheEntry>();
  /** The fast lane's sessions by token hash, and its rendered session lists (bounded memos). */
  private readonly lives = new Map<string, Live>();
  private readonly lists = new Map<string, { values: readonly unknown[]; body: string; until: number }>();

  constructor(private readonly auth: SessionDeps) {
    const { adapter } = auth;
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
    this.prepared = auth.database.prepare?.(this.lookupSql, 'gatehouse_session_lookup');
    this.preparedList = auth.database.prepare?.(this.listSql, 'gatehouse_session_list');
    this.preparedListByToken = auth.database.prepare?.(this.listByTokenSql, 'gatehouse_session_list_by_token');
    if (auth.secondaryStorage) {
      this.cache = new SessionCache(auth.secondaryStorage, adapter, auth.schema, auth.logger, auth.now);
      adapter.addInternalHooks(this.cache.hooks());
    }
  }

  private get opts() {
    return this.auth.options;
  }

  /** Runs a hot-path statement: prepared where the database offers it (SQLite answers at once), else through Kysely. */
  private rows(prepared: PreparedQuery | undefined, text: string, params: unknown[]): MaybePromise<unknown[][]> {
    if (prepared) return prepared(params);
    return this.auth.adapter.db.executeQuery<Row>(CompiledQuery.raw(text, params)).then((r) => r.rows.map((row) => Object.values(row)));
  }

  /** One query: the session joined with its user, by token hash. */
  private lookup(tokenHash: string): MaybePromise<Found | null> {
    return after(this.rows(this.prepared, this.lookupSql, [tokenHash]), (rows) => {
      const values = rows[0];
      if (!values) return null;
      return { session: this.sessionRow.read(values) as SessionRow, user: this.joinedUserRow.read(values) as UserRow, values };
    });
  }

  /** Secondary storage first (one GET), the database when it has no record or is down. */
  private lookupByHash(tokenHash: string): MaybePromise<Found | null> {
    return this.cache ? this.lookupCached(this.cache, tokenHash) : this.lookup(tokenHash);
  }

  private async lookupCached(cache: SessionCache, tokenHash: string): Promise<Found | null> {
    const cached = await cache.read(tokenHash);
    if (cached === 'revoked') return null;
    if (cached) return cached;
    // Missing (evicted, never written) or the storage is down: the database answers.
    const readAt = await cache.clock();
    const found = await this.lookup(tokenHash);
    if (found && readAt !== null) await cache.fill(found, readAt);
    return found;
  }

  async create(
    c: RequestScope | null,
    userId: string,
    opts: { dontRemember?: boolean; expiresIn?: number; extra?: Row } = {},
  ): Promise<{ session: SessionRow; token: string }> {
    const token = randomString(32);
    const now = this.auth.now();
    const seconds = opts.expiresIn ?? (opts.dontRemember ? NON_REMEMBERED_SECONDS : this.opts.expiresIn);
    const session = await this.auth.adapter.create<SessionRow>('session', {
      id: generateId(),
      userId,
      token: hashToken(token),
      expiresAt: new Date(now + seconds * 1000),
      ipAddress: c?.ip ?? null,
      userAgent: c?.headers.get('user-agent') ?? null,
      dontRemember: !!opts.dontRemember,
      ...opts.extra,
    });
    if (!session) throw new APIError('INTERNAL_SERVER_ERROR', 'FAILED_TO_CREATE_SESSION', BASE_ERRORS.FAILED_TO_CREATE_SESSION);
    return { session, token };
  }

  /** The live session for a raw token; expired ones are deleted and count as none. */
  async find(token: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    return this.findByHash(hashToken(token));
  }

  private async findByHash(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const found = await this.lookupByHash(tokenHash);
    if (!found) return null;
    if (found.session.expiresAt.getTime() <= this.auth.now()) {
      await this.auth.adapter.delete('session', [{ field: 'id', value: found.session.id }]);
      return null;
    }
    return found;
  }

  /**
   * The token (and its hash) a signed session cookie carries. Verified once per distinct
   * cookie value: a value is only remembered after its signature held, so the memo can
   * answer for it again without the HMAC and SHA-256 work (hot path).
   */
  private tokenOf(signed: string): { token: string; hash: string } | null {
    const known = this.verified.get(signed);
    if (known) return known;
    const token = this.auth.signer.unsign(signed);
    if (!token) return null;
    const entry = { token, hash: hashToken(token) };
    remember(this.verified, signed, entry, VERIFIED_MEMO_SIZE);
    return entry;
  }

  /**
   * What a request's cookies say, with nothing written: no session, one the cookie cache
   * vouches for, one found live in the store, or one that is gone (cookies to clear).
   */
  private resolve(cookieHeader: string | null, readOnly: boolean, useCookieCache: boolean): MaybePromise<Resolved> {
    const signed = readCookie(cookieHeader, this.auth.cookies.sessionToken);
    if (!signed) return NONE;
    const verified = this.tokenOf(signed);
    if (!verified) return NONE;
    const { token, hash } = verified;
    // The cache cookie can outlive a revocation by up to cookieCache.maxAge: enough to show
    // a session, never to change state. Anything but GET/HEAD asks the session store.
    if (this.opts.cookieCache.enabled && useCookieCache && readOnly) {
      const entry = this.readCache(cookieHeader, hash);
      if (entry) return { kind: 'cached', entry, token, hash };
    }
    return after(this.lookupByHash(hash), (found): Resolved => {
      if (!found || found.session.expiresAt.getTime() <= this.auth.now()) return { kind: 'gone', found };
      return { kind: 'live', found, token, hash };
    });
  }

  /** When a session's expiry is next pushed out (spec: at most once per updateAge); never for a not-remembered one. */
  private renewalDue(session: SessionRow): number {
    if (session.dontRemember) return Number.POSITIVE_INFINITY;
    return session.expiresAt.getTime() - this.opts.expiresIn * 1000 + this.opts.updateAge * 1000;
  }

  /** get-session's logic, shared by every route that needs the caller's session. */
  async fromRequest(c: RequestScope, opts: { disableCookieCache?: boolean; disableRefresh?: boolean } = {}): Promise<SessionWithUser | null> {
    const readOnly = c.request.method === 'GET' || c.request.method === 'HEAD';
    const r = await this.resolve(c.headers.get('cookie'), readOnly, !opts.disableCookieCache);
    if (r.kind === 'none') return null;
    if (r.kind === 'cached') return { session: { ...r.entry.session }, user: { ...r.entry.user }, token: r.token };
    if (r.kind === 'gone') {
      if (r.found) await this.auth.adapter.delete('session', [{ field: 'id', value: r.found.session.id }]);
      this.clearCookies(c);
      return null;
    }
    const { token } = r;
    let { session } = r.found;
    const now = this.auth.now();
    // Renewal is due at most daily: only then does the remember-me opt-out cookie matter.
    if (!opts.disableRefresh && this.renewalDue(session) <= now && c.getSignedCookie(this.auth.cookies.dontRemember) !== 'true') {
      const renewed = await this.auth.adapter.update<SessionRow>('session', [{ field: 'id', value: session.id }], {
        expiresAt: new Date(now + this.opts.expiresIn * 1000),
      });
      if (renewed) {
        session = renewed;
        this.setTokenCookie(c, token, false);
      }
    }
    const result = { session, user: r.found.user, token };
    if (this.opts.cookieCache.enabled) this.writeCache(c, result);
    return result;
  }

  private publicSession(row: Row): Row {
    return publicRow(this.auth, 'session', row);
  }

  /** get-session's answer for a session. */
  answer(s: SessionWithUser): { session: Row; user: Row } {
    return { session: { ...this.publicSession(s.session), token: s.token }, user: publicRow(this.auth, 'user', s.user) };
  }

  /** list-sessions' answer: the live sessions, `current` marking the caller's (those a plugin hides left out). */
  listAnswer(rows: readonly SessionRow[], currentId: string): Row[] {
    const hidden = this.auth.hidden ?? [];
    return rows.filter((s) => !hidden.some((hides) => hides(s))).map((s) => ({ ...this.publicSession(s), current: s.id === currentId }));
  }

  /**
   * get-session's JSON when answering it writes nothing (no cookie to set, no row to
   * touch): `null` without a session, else the body. `undefined`: the general route must
   * answer (a renewal due, a session gone whose cookies must be cleared, a cache cookie to
   * write). At once on SQLite. The fast lane's half of `fromRequest`, on the same rules.
   */
  peekSessionJson(cookieHeader: string | null): MaybePromise<string | undefined> {
    const verified = this.verifiedCookie(cookieHeader);
    if (!verified) return 'null';
    if (this.opts.cookieCache.enabled) {
      const entry = this.readCache(cookieHeader, verified.hash);
      if (!entry) return undefined;
      if (entry.json?.token !== verified.token) entry.json = { token: verified.token, body: JSON.stringify(this.answer({ ...entry, token: verified.token })) };
      return entry.json.body;
    }
    return after(this.live(verified), (live) => live?.body);
  }

  /** list-sessions' JSON on the same terms: `null` means no session (401). */
  peekSessionListJson(cookieHeader: string | null): MaybePromise<string | null | undefined> {
    const verified = this.verifiedCookie(cookieHeader);
    if (!verified) return null;
    if (this.opts.cookieCache.enabled) {
      const entry = this.readCache(cookieHeader, verified.hash);
      return entry ? this.listJson(entry.session) : undefined;
    }
    if (this.cache) return after(this.live(verified), (live) => live && this.listJson(live));
    // One query: the caller's session among its user's sessions, found by its token.
    return after(this.rows(this.preparedListByToken, this.listByTokenSql, [verified.hash]), (rows) => {
      const now = this.auth.now();
      const key = `mine:${verified.hash}`;
      const known = this.lists.get(key);
      if (known && known.until > now && sameValues(known.values, rows)) return known.body;
      const mine = rows.find((values) => values[this.tokenColumn] === verified.hash);
      if (!mine) return undefined;
      const current = this.sessionRow.read(mine) as SessionRow;
      const until = Math.min(current.expiresAt.getTime(), this.renewalDue(current));
      if (until <= now) return undefined;
      return this.renderList(key, rows, current.id, until);
    });
  }

  private verifiedCookie(cookieHeader: string | null): { token: string; hash: string } | null {
    const signed = readCookie(cookieHeader, this.auth.cookies.sessionToken);
    return signed ? this.tokenOf(signed) : null;
  }

  /**
   * The session behind a verified token when the fast lane may answer for it: live, and
   * no renewal due. Kept per token with the database row it was read from, so a request
   * whose row is unchanged (compared value by value) reuses the rendered answer and makes
   * no objects; from secondary storage it is built every time.
   */
  private live(verified: { token: string; hash: string }): MaybePromise<Live | undefined> {
    const key = verified.hash;
    const build = (found: Found | null): Live | undefined => {
      if (!found) return undefined;
      const { session } = found;
      const entry: Live = {
        values: found.values,
        id: session.id,
        userId: session.userId,
        until: Math.min(session.expiresAt.getTime(), this.renewalDue(session)),
        body: JSON.stringify(this.answer({ ...found, token: verified.token })),
      };
      if (found.values) remember(this.lives, key, entry, LIVE_MEMO_SIZE);
      return entry;
    };
    const fresh = (live: Live | undefined) => (live && live.until > this.auth.now() ? live : undefined);
    if (this.cache) return after(this.lookupCached(this.cache, verified.hash), (found) => fresh(build(found)));
    return after(this.rows(this.prepared, this.lookupSql, [verified.hash]), (rows) => {
      const values = rows[0];
      if (!values) return undefined;
      const known = this.lives.get(key);
      if (known?.values && sameValues(known.values, values)) return fresh(known);
      return fresh(build({ session: this.sessionRow.read(values) as SessionRow, user: this.joinedUserRow.read(values) as UserRow, values }));
    });
  }

  /** The user's live sessions as list-sessions answers them, rendered again only when the rows change or one expires. */
  private listJson(current: { id: string; userId: string }): MaybePromise<string> {
    return after(this.rows(this.preparedList, this.listSql, [current.userId]), (rows) => {
      const key = `list:${current.id}`;
      const known = this.lists.get(key);
      if (known && known.until > this.auth.now() && sameValues(known.values, rows)) return known.body;
      return this.renderList(key, rows, current.id, Number.POSITIVE_INFINITY);
    });
  }

  /** Renders a session list and keeps it until `until` or the first listed expiry, whichever comes first. */
  private renderList(key: string, rows: readonly unknown[][], currentId: string, until: number): string {
    const live = this.liveRows(rows, this.auth.now());
    const body = JSON.stringify(this.listAnswer(live, currentId));
    remember(this.lists, key, { values: rows, body, until: Math.min(until, ...live.map((s) => s.expiresAt.getTime())) }, LIVE_MEMO_SIZE);
    return body;
  }

  private liveRows(rows: readonly unknown[][], now: number): SessionRow[] {
    const out: SessionRow[] = [];
    for (const values of rows) {
      const s = this.sessionRow.read(values) as SessionRow;
      if (s.expiresAt.getTime() > now) out.push(s);
    }
    return out;
  }

  /**
   * The session the signed cache cookie vouches for, if it is unexpired and names this
   * token. Decoded once per distinct cookie value (memo); expiry is checked every time.
   */
  private readCache(cookieHeader: string | null, tokenHash: string): CacheEntry | null {
    const signed = readCookie(cookieHeader, this.auth.cookies.sessionData);
    if (!signed) return null;
    let data = this.decodedCache.get(signed);
    if (!data) {
      const raw = this.auth.signer.unsign(signed);
      if (!raw) return null;
      try {
        const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { session: Row; user: Row; expiresAt: number; tokenHash: string };
        data = {
          session: this.auth.adapter.fromDb('session', reviveDates(this.auth, 'session', parsed.session)) as SessionRow,
          user: this.auth.adapter.fromDb('user', reviveDates(this.auth, 'user', parsed.user)) as UserRow,
          expiresAt: parsed.expiresAt,
          tokenHash: parsed.tokenHash,
        };
      } catch {
        return null;
      }
      remember(this.decodedCache, signed, data, DECODED_MEMO_SIZE);
    }
    const now = this.auth.now();
    if (data.expiresAt <= now || data.tokenHash !== tokenHash.slice(0, 16)) return null;
    if (data.session.expiresAt.getTime() <= now) return null;
    return data;
  }

  private writeCache(c: RequestScope, s: SessionWithUser): void {
    const maxAge = this.opts.cookieCache.maxAge;
    const payload = Buffer.from(
      JSON.stringify({
        session: s.session,
        user: s.user,
        expiresAt: this.auth.now() + maxAge * 1000,
        tokenHash: hashToken(s.token).slice(0, 16),
      }),
    ).toString('base64url');
    const signed = this.auth.signer.sign(payload);
    if (encodeURIComponent(signed).length > COOKIE_CACHE_LIMIT) {
      throw new APIError('INTERNAL_SERVER_ERROR', 'SESSION_DATA_TOO_LARGE', BASE_ERRORS.SESSION_DATA_TOO_LARGE);
    }
    c.setCookie(this.auth.cookies.sessionData, signed, { maxAge, secure: this.auth.secureCookies });
  }

  private setTokenCookie(c: RequestScope, token: string, dontRemember: boolean): void {
    c.setSignedCookie(this.auth.cookies.sessionToken, token, {
      maxAge: dontRemember ? undefined : this.opts.expiresIn,
      secure: this.auth.secureCookies,
    });
  }

  /** Sets the session cookies after a sign-in (the three cookies of spec section 4). */
  setCookies(c: RequestScope, s: { session: SessionRow; user: UserRow; token: string }, dontRemember = false): void {
    this.setTokenCookie(c, s.token, dontRemember);
    if (dontRemember) c.setSignedCookie(this.auth.cookies.dontRemember, 'true', { secure: this.auth.secureCookies });
    else if (c.getCookie(this.auth.cookies.dontRemember)) c.deleteCookie(this.auth.cookies.dontRemember);
    if (this.opts.cookieCache.enabled) this.writeCache(c, s);
    c.session = s;
  }

  clearCookies(c: RequestScope): void {
    c.deleteCookie(this.auth.cookies.sessionToken);
    c.deleteCookie(this.auth.cookies.sessionData);
    c.deleteCookie(this.auth.cookies.dontRemember);
  }

  isFresh(session: SessionRow): boolean {
    const freshAge = this.opts.freshAge;
    if (freshAge === 0) return true;
    const last = Math.max(session.createdAt.getTime(), session.updatedAt.getTime());
    return this.auth.now() - last < freshAge * 1000;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.auth.adapter.delete('session', [{ field: 'id', value: sessionId }]);
  }

  async revokeAll(userId: string, exceptId?: string): Promise<void> {
    const where = [{ field: 'userId', value: userId }];
    if (exceptId) where.push({ field: 'id', value: exceptId, operator: 'ne' } as never);
    await this.auth.adapter.delete('session', where);
  }

  async listForUser(userId: string): Promise<SessionRow[]> {
    return this.liveRows(await this.rows(this.preparedList, this.listSql, [userId]), this.auth.now());
  }
}

function reviveDates(auth: { schema: Schema }, model: string, row: Row): Row {
  const out: Row = { ...row };
  for (const [name, def] of Object.entries(auth.schema[model]!.fields)) {
    if (def.type === 'date' && typeof out[name] === 'string') out[name] = Date.parse(out[name] as string);
  }
  return out;
}
