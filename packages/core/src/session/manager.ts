import { CompiledQuery } from 'kysely';
import type { AuthContext } from '../context.js';
import { generateId, randomString } from '../crypto/random.js';
import { hashToken } from '../crypto/sign.js';
import type { Adapter } from '../db/adapter.js';
import type { PreparedQuery } from '../db/dialect.js';
import type { Row } from '../db/types.js';
import type { EndpointContext } from '../endpoint.js';
import { APIError, BASE_ERRORS } from '../errors.js';
import { SessionCache } from '../storage/session-cache.js';
import type { SessionRow, SessionWithUser, UserRow } from './types.js';

const NON_REMEMBERED_SECONDS = 86400;
const VERIFIED_MEMO_SIZE = 10_000;
const DECODED_MEMO_SIZE = 1_000;

/** Bounded memo: the oldest entry goes when it is full. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
const COOKIE_CACHE_LIMIT = 4093;

/** Sessions: opaque random tokens, only their hash stored, sliding expiry. */
export class SessionManager {
  /** The session joined with its user, by token hash: compiled once, prepared where the database can. */
  private readonly lookupSql: string;
  private readonly prepared?: PreparedQuery;
  /** A user's sessions, newest first (list-sessions): the same. */
  private readonly listSql: string;
  private readonly preparedList?: PreparedQuery;
  private readonly sessionRow: ReturnType<Adapter['arrayReader']>;
  private readonly joinedUserRow: ReturnType<Adapter['arrayReader']>;
  /** Sessions in secondary storage (Redis), when configured. */
  private readonly cache?: SessionCache;
  /** Signed session cookies already verified → token and its hash (bounded memo). */
  private readonly verified = new Map<string, { token: string; hash: string }>();
  /** Signed cache cookies already verified and decoded (bounded memo). */
  private readonly decodedCache = new Map<string, { session: SessionRow; user: UserRow; expiresAt: number; tokenHash: string }>();

  constructor(private readonly auth: AuthContext) {
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
      .compile().sql;
    this.prepared = auth.database.prepare?.(this.lookupSql, 'gatehouse_session_lookup');
    this.preparedList = auth.database.prepare?.(this.listSql, 'gatehouse_session_list');
    if (auth.secondaryStorage) {
      this.cache = new SessionCache(auth.secondaryStorage, adapter, auth.schema, auth.logger, auth.now);
      adapter.addInternalHooks(this.cache.hooks());
    }
  }

  private get opts() {
    return this.auth.options.session;
  }

  /** Runs a hot-path statement: prepared where the database offers it, else through Kysely. */
  private rows(prepared: PreparedQuery | undefined, text: string, params: unknown[]): Promise<unknown[][]> {
    if (prepared) return prepared(params);
    return this.auth.adapter.db.executeQuery<Row>(CompiledQuery.raw(text, params)).then((r) => r.rows.map((row) => Object.values(row)));
  }

  /** One query: the session joined with its user, by token hash. */
  private async lookup(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const values = (await this.rows(this.prepared, this.lookupSql, [tokenHash]))[0];
    if (!values) return null;
    return { session: this.sessionRow.read(values) as SessionRow, user: this.joinedUserRow.read(values) as UserRow };
  }

  /** Secondary storage first (one GET), the database when it has no record or is down. */
  private lookupByHash(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    return this.cache ? this.lookupCached(this.cache, tokenHash) : this.lookup(tokenHash);
  }

  private async lookupCached(cache: SessionCache, tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
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
    c: EndpointContext | null,
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

  /** get-session's logic, shared by every route that needs the caller's session. */
  async fromRequest(c: EndpointContext, opts: { disableCookieCache?: boolean; disableRefresh?: boolean } = {}): Promise<SessionWithUser | null> {
    const signed = c.getCookie(this.auth.cookies.sessionToken);
    if (!signed) return null;
    const verified = this.tokenOf(signed);
    if (!verified) return null;
    const { token } = verified;

    // The cache cookie can outlive a revocation by up to cookieCache.maxAge: enough to show
    // a session, never to change state. Anything but GET/HEAD asks the session store.
    const readOnly = c.request.method === 'GET' || c.request.method === 'HEAD';
    if (this.opts.cookieCache.enabled && !opts.disableCookieCache && readOnly) {
      const cached = this.readCache(c, verified.hash);
      if (cached) return { session: { ...cached.session }, user: { ...cached.user }, token };
    }

    const found = await this.lookupByHash(verified.hash);
    const now = this.auth.now();
    if (!found || found.session.expiresAt.getTime() <= now) {
      if (found) await this.auth.adapter.delete('session', [{ field: 'id', value: found.session.id }]);
      this.clearCookies(c);
      return null;
    }
    let { session } = found;
    const dueAt = session.expiresAt.getTime() - this.opts.expiresIn * 1000 + this.opts.updateAge * 1000;
    // Renewal is due at most daily: only then does the remember-me opt-out cookie matter.
    if (!opts.disableRefresh && dueAt <= now && !session.dontRemember && c.getSignedCookie(this.auth.cookies.dontRemember) !== 'true') {
      const renewed = await this.auth.adapter.update<SessionRow>('session', [{ field: 'id', value: session.id }], {
        expiresAt: new Date(now + this.opts.expiresIn * 1000),
      });
      if (renewed) {
        session = renewed;
        this.setTokenCookie(c, token, false);
      }
    }
    const result = { session, user: found.user, token };
    if (this.opts.cookieCache.enabled) this.writeCache(c, result);
    return result;
  }

  /**
   * The session the signed cache cookie vouches for, if it is unexpired and names this
   * token. Decoded once per distinct cookie value (memo); expiry is checked every time.
   */
  private readCache(c: EndpointContext, tokenHash: string): { session: SessionRow; user: UserRow } | null {
    const signed = c.getCookie(this.auth.cookies.sessionData);
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

  private writeCache(c: EndpointContext, s: SessionWithUser): void {
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

  private setTokenCookie(c: EndpointContext, token: string, dontRemember: boolean): void {
    c.setSignedCookie(this.auth.cookies.sessionToken, token, {
      maxAge: dontRemember ? undefined : this.opts.expiresIn,
      secure: this.auth.secureCookies,
    });
  }

  /** Sets the session cookies after a sign-in (the three cookies of spec section 4). */
  setCookies(c: EndpointContext, s: { session: SessionRow; user: UserRow; token: string }, dontRemember = false): void {
    this.setTokenCookie(c, s.token, dontRemember);
    if (dontRemember) c.setSignedCookie(this.auth.cookies.dontRemember, 'true', { secure: this.auth.secureCookies });
    else if (c.getCookie(this.auth.cookies.dontRemember)) c.deleteCookie(this.auth.cookies.dontRemember);
    if (this.opts.cookieCache.enabled) this.writeCache(c, s);
    c.session = s;
  }

  clearCookies(c: EndpointContext): void {
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
    const now = this.auth.now();
    const rows = await this.rows(this.preparedList, this.listSql, [userId]);
    const out: SessionRow[] = [];
    for (const values of rows) {
      const s = this.sessionRow.read(values) as SessionRow;
      if (s.expiresAt.getTime() > now) out.push(s);
    }
    return out;
  }
}

function reviveDates(auth: AuthContext, model: string, row: Row): Row {
  const out: Row = { ...row };
  for (const [name, def] of Object.entries(auth.schema[model]!.fields)) {
    if (def.type === 'date' && typeof out[name] === 'string') out[name] = Date.parse(out[name] as string);
  }
  return out;
}
