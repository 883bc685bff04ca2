import type { CookieAttributes, CookieNames } from '../cookies.js';
import { generateId, orderedRandom } from '../crypto/random.js';
import type { Signer } from '../crypto/sign.js';
import type { Adapter } from '../db/adapter.js';
import type { Database } from '../db/dialect.js';
import type { Schema } from '../db/schema.js';
import type { Row } from '../db/types.js';
import { APIError, BASE_ERRORS } from '../errors.js';
import type { Logger } from '../logger.js';
import { after, type MaybePromise } from '../maybe.js';
import type { RequestScope, SessionSource } from '../request-scope.js';
import { SessionCache } from '../storage/session-cache.js';
import type { SecondaryStorage } from '../storage/types.js';
import { SessionAnswers } from './answers.js';
import { type CacheEntry, CookieCache } from './cookie-cache.js';
import { SessionPeek } from './peek.js';
import { SessionPolicy, type SessionOptions } from './policy.js';
import { type Found, SessionReads } from './store.js';
import { TokenCookie } from './token-cookie.js';
import { sessionTokenKey } from './token-key.js';
import { rowTrust } from './trust.js';
import type { SessionRow, SessionWithUser, UserRow } from './types.js';

export type { SessionOptions } from './policy.js';

/** What the session manager is built from. */
export interface SessionDeps {
  adapter: Adapter;
  database: Pick<Database, 'prepare' | 'changes'>;
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
  /** The plugins' other ways of saying whose a request is (filled once the context is built). */
  sources?: readonly SessionSource[];
}

type Resolved =
  | { kind: 'none' }
  | { kind: 'cached'; entry: CacheEntry; token: string; key: string }
  | { kind: 'live'; found: Found; token: string; key: string }
  | { kind: 'gone'; found: Found | null };

const NONE: Resolved = { kind: 'none' };

/**
 * Sessions: opaque random tokens, only their key stored (`sessionTokenKey`), sliding expiry. The rules are
 * the policy's (policy.ts); the reads are SessionReads'; the fast lane's read-only
 * answers are SessionPeek's. This is the general route's side: it may write.
 */
export class SessionManager {
  readonly policy: SessionPolicy;
  private readonly reads: SessionReads;
  private readonly answers: SessionAnswers;
  private readonly tokens: TokenCookie;
  /** Present while `session.cookieCache.enabled`. */
  private readonly cookieCache?: CookieCache;
  private readonly peek: SessionPeek;

  constructor(private readonly deps: SessionDeps) {
    const { adapter, options } = deps;
    let cache: SessionCache | undefined;
    if (deps.secondaryStorage) {
      cache = new SessionCache(deps.secondaryStorage, adapter, deps.schema, deps.logger, deps.now);
      adapter.addInternalHooks(cache.hooks());
    }
    const trust = rowTrust(deps.database.changes, deps.logger, deps.now);
    // Postgres: every committed write to a session or a user is told to the other instances.
    if (trust?.hooks) adapter.addInternalHooks(trust.hooks());
    this.policy = new SessionPolicy(options, deps.now);
    this.reads = new SessionReads(adapter, deps.database, cache);
    this.answers = new SessionAnswers(deps.schema, deps.hidden);
    this.tokens = new TokenCookie(deps.signer, deps.cookies.sessionToken);
    if (options.cookieCache.enabled) this.cookieCache = new CookieCache({ ...deps, maxAge: options.cookieCache.maxAge });
    this.peek = new SessionPeek({
      reads: this.reads,
      policy: this.policy,
      answers: this.answers,
      tokens: this.tokens,
      cookieCache: this.cookieCache,
      trust,
      now: deps.now,
    });
  }

  async create(
    c: RequestScope | null,
    userId: string,
    opts: { dontRemember?: boolean; expiresIn?: number; extra?: Row } = {},
  ): Promise<{ session: SessionRow; token: string }> {
    const token = orderedRandom(32);
    const session = await this.deps.adapter.create<SessionRow>('session', {
      id: generateId(),
      userId,
      token: sessionTokenKey(token),
      expiresAt: this.policy.expiryOfNew(opts),
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
    const found = await this.reads.byKey(sessionTokenKey(token));
    if (!found) return null;
    if (this.policy.isExpired(found.session)) {
      await this.revoke(found.session.id);
      return null;
    }
    return found;
  }

  /**
   * What a request's cookies say, with nothing written: no session, one the cookie cache
   * vouches for, one found live in the store, or one that is gone (cookies to clear).
   */
  private resolve(cookieHeader: string | null, readOnly: boolean, useCookieCache: boolean): MaybePromise<Resolved> {
    const verified = this.tokens.read(cookieHeader);
    if (!verified) return NONE;
    const { token, key } = verified;
    // The cache cookie can outlive a revocation by up to cookieCache.maxAge: enough to show
    // a session, never to change state. Anything but GET/HEAD asks the session store.
    if (this.cookieCache && useCookieCache && readOnly) {
      const entry = this.cookieCache.read(cookieHeader, key);
      if (entry) return { kind: 'cached', entry, token, key };
    }
    return after(this.reads.byKey(key), (found): Resolved => {
      if (!found || this.policy.isExpired(found.session)) return { kind: 'gone', found };
      return { kind: 'live', found, token, key };
    });
  }

  /**
   * The live session a Cookie header carries, read without writing anything (no renewal, no
   * cookie cache): for code that answers a request outside the routes (a mounted app).
   */
  async fromCookieHeader(cookieHeader: string | null): Promise<{ session: SessionRow; user: UserRow } | null> {
    const verified = this.tokens.read(cookieHeader);
    if (!verified) return null;
    const found = await this.reads.byKey(verified.key);
    return found && !this.policy.isExpired(found.session) ? found : null;
  }

  /** get-session's logic, shared by every route that needs the caller's session. */
  async fromRequest(c: RequestScope, opts: { disableCookieCache?: boolean; disableRefresh?: boolean } = {}): Promise<SessionWithUser | null> {
    for (const source of this.deps.sources ?? []) {
      const value = c.headers.get(source.header);
      // A credential a program presents: marked, whatever the source built (`requirePerson`).
      if (value) return { ...(await source.resolve(c, value)), machine: true };
    }
    const readOnly = c.request.method === 'GET' || c.request.method === 'HEAD';
    const r = await this.resolve(c.headers.get('cookie'), readOnly, !opts.disableCookieCache);
    if (r.kind === 'none') return null;
    if (r.kind === 'cached') return { session: { ...r.entry.session }, user: { ...r.entry.user }, token: r.token };
    if (r.kind === 'gone') {
      if (r.found) await this.revoke(r.found.session.id);
      this.clearCookies(c);
      return null;
    }
    const { token } = r;
    let { session } = r.found;
    // Renewal is due at most daily: only then does the remember-me opt-out cookie matter.
    const renewal = opts.disableRefresh ? null : this.policy.renewal(session, () => c.getSignedCookie(this.deps.cookies.dontRemember) === 'true');
    let renewed: SessionRow | null = null;
    if (renewal) {
      renewed = await this.deps.adapter.update<SessionRow>('session', [{ field: 'id', value: session.id }], { expiresAt: renewal });
      if (renewed) {
        session = renewed;
        this.setTokenCookie(c, token, false);
      }
    }
    const result = { session, user: r.found.user, token };
    if (renewed) c.sessionCookie = result;
    this.cookieCache?.write(c, result);
    return result;
  }

  /** The request headers that make a request a session source's (the fast lane hands those on). */
  sourceHeaders(): string[] {
    return (this.deps.sources ?? []).map((s) => s.header);
  }

  /** get-session's answer for a session. */
  answer(s: SessionWithUser): { session: Row; user: Row } {
    return this.answers.session(s);
  }

  /** list-sessions' answer: the live sessions, `current` marking the caller's (those a plugin hides left out). */
  listAnswer(rows: readonly SessionRow[], currentId: string): Row[] {
    return this.answers.list(rows, currentId);
  }

  /** get-session's JSON when answering it writes nothing (the fast lane; `SessionPeek`). */
  peekSessionJson(cookieHeader: string | null): MaybePromise<string | undefined> {
    return this.peek.sessionJson(cookieHeader);
  }

  /** The caller's session on the same terms, as get-session answers it: `null` without one (401), `undefined`: the general route answers. */
  peekSessionAnswer(cookieHeader: string | null): MaybePromise<{ session: Row; user: Row } | null | undefined> {
    return after(this.peek.session(cookieHeader), (s) => s && this.answers.session(s));
  }

  /** list-sessions' JSON on the same terms: `null` means no session (401). */
  peekSessionListJson(cookieHeader: string | null): MaybePromise<string | null | undefined> {
    return this.peek.listJson(cookieHeader);
  }

  /**
   * The attributes the session cookie is set with: it lives `session.expiresIn`, or as long
   * as the browser runs for a not-remembered session. Cookies that carry a session token
   * beside it (a plugin's) are set with the same.
   */
  tokenCookieAttributes(dontRemember: boolean): CookieAttributes {
    return { maxAge: dontRemember ? undefined : this.policy.options.expiresIn, secure: this.deps.secureCookies };
  }

  private setTokenCookie(c: RequestScope, token: string, dontRemember: boolean): void {
    c.setSignedCookie(this.deps.cookies.sessionToken, token, this.tokenCookieAttributes(dontRemember));
  }

  /** Sets the session cookies after a sign-in (the three cookies of spec section 4). */
  setCookies(c: RequestScope, s: { session: SessionRow; user: UserRow; token: string }, dontRemember = false): void {
    const { cookies, secureCookies } = this.deps;
    this.setTokenCookie(c, s.token, dontRemember);
    if (dontRemember) c.setSignedCookie(cookies.dontRemember, 'true', { secure: secureCookies });
    else if (c.getCookie(cookies.dontRemember)) c.deleteCookie(cookies.dontRemember);
    this.cookieCache?.write(c, s);
    c.session = s;
    c.sessionCookie = s;
  }

  clearCookies(c: RequestScope): void {
    const { cookies } = this.deps;
    c.deleteCookie(cookies.sessionToken);
    c.deleteCookie(cookies.sessionData);
    c.deleteCookie(cookies.dontRemember);
    c.sessionCookie = null;
  }

  isFresh(session: SessionRow): boolean {
    return this.policy.isFresh(session);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.deps.adapter.delete('session', [{ field: 'id', value: sessionId }]);
  }

  async revokeAll(userId: string, exceptId?: string): Promise<void> {
    const where = [{ field: 'userId', value: userId }];
    if (exceptId) where.push({ field: 'id', value: exceptId, operator: 'ne' } as never);
    await this.deps.adapter.delete('session', where);
  }

  async listForUser(userId: string): Promise<SessionRow[]> {
    return this.reads.liveRows(await this.reads.listRows(userId), this.deps.now());
  }
}
