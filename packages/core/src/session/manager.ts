import { CompiledQuery } from 'kysely';
import type { AuthContext } from '../context.js';
import { generateId, randomString } from '../crypto/random.js';
import { hashToken } from '../crypto/sign.js';
import type { Row } from '../db/types.js';
import type { EndpointContext } from '../endpoint.js';
import { APIError, BASE_ERRORS } from '../errors.js';
import type { SessionRow, SessionWithUser, UserRow } from './types.js';

const NON_REMEMBERED_SECONDS = 86400;
const COOKIE_CACHE_LIMIT = 4093;

/** Sessions: opaque random tokens, only their hash stored, sliding expiry. */
export class SessionManager {
  private readonly sessionCols: string[];
  private readonly userCols: string[];
  private lookupSql?: string;

  constructor(private readonly auth: AuthContext) {
    this.sessionCols = ['id', ...Object.keys(auth.schema.session!.fields)];
    this.userCols = ['id', ...Object.keys(auth.schema.user!.fields)];
  }

  private get opts() {
    return this.auth.options.session;
  }

  /** One query: the session joined with its user, by token hash. Built once. */
  private async lookup(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const { db } = this.auth.adapter;
    this.lookupSql ??= db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select([
        ...this.sessionCols.map((c) => `session.${c} as s_${c}`),
        ...this.userCols.map((c) => `user.${c} as u_${c}`),
      ])
      .where('session.token', '=', '')
      .compile().sql;
    const result = await db.executeQuery<Row>(CompiledQuery.raw(this.lookupSql, [tokenHash]));
    const raw = result.rows[0];
    if (!raw) return null;
    const s: Row = {};
    const u: Row = {};
    for (const c of this.sessionCols) s[c] = raw[`s_${c}`];
    for (const c of this.userCols) u[c] = raw[`u_${c}`];
    return {
      session: this.auth.adapter.fromDb('session', s) as SessionRow,
      user: this.auth.adapter.fromDb('user', u) as UserRow,
    };
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
    const hash = hashToken(token);
    const found = await this.lookup(hash);
    if (!found) return null;
    if (found.session.expiresAt.getTime() <= this.auth.now()) {
      await this.auth.adapter.delete('session', [{ field: 'id', value: found.session.id }]);
      return null;
    }
    return found;
  }

  /** get-session's logic, shared by every route that needs the caller's session. */
  async fromRequest(c: EndpointContext, opts: { disableCookieCache?: boolean; disableRefresh?: boolean } = {}): Promise<SessionWithUser | null> {
    const signed = c.getCookie(this.auth.cookies.sessionToken);
    if (!signed) return null;
    const token = this.auth.signer.unsign(signed);
    if (!token) return null;

    if (this.opts.cookieCache.enabled && !opts.disableCookieCache) {
      const cached = this.readCache(c, token);
      if (cached) return cached;
    }

    const found = await this.find(token);
    if (!found) {
      this.clearCookies(c);
      return null;
    }
    let { session } = found;
    const dontRemember = !!session.dontRemember || c.getSignedCookie(this.auth.cookies.dontRemember) === 'true';
    const now = this.auth.now();
    const dueAt = session.expiresAt.getTime() - this.opts.expiresIn * 1000 + this.opts.updateAge * 1000;
    if (!opts.disableRefresh && !dontRemember && dueAt <= now) {
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

  private readCache(c: EndpointContext, token: string): SessionWithUser | null {
    const raw = c.getSignedCookie(this.auth.cookies.sessionData);
    if (!raw) return null;
    try {
      const data = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as {
        session: Row;
        user: Row;
        expiresAt: number;
        tokenHash: string;
      };
      if (data.expiresAt <= this.auth.now() || data.tokenHash !== hashToken(token).slice(0, 16)) return null;
      const session = this.auth.adapter.fromDb('session', reviveDates(this.auth, 'session', data.session)) as SessionRow;
      const user = this.auth.adapter.fromDb('user', reviveDates(this.auth, 'user', data.user)) as UserRow;
      if (session.expiresAt.getTime() <= this.auth.now()) return null;
      return { session, user, token };
    } catch {
      return null;
    }
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
    const rows = await this.auth.adapter.findMany<SessionRow>('session', {
      where: [{ field: 'userId', value: userId }],
      sortBy: { field: 'createdAt', direction: 'desc' },
    });
    return rows.filter((s) => s.expiresAt.getTime() > now);
  }
}

function reviveDates(auth: AuthContext, model: string, row: Row): Row {
  const out: Row = { ...row };
  for (const [name, def] of Object.entries(auth.schema[model]!.fields)) {
    if (def.type === 'date' && typeof out[name] === 'string') out[name] = Date.parse(out[name] as string);
  }
  return out;
}
