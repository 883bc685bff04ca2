import type { CookieNames } from '../cookies.js';
import { readCookie } from '../cookies.js';
import { hashToken, type Signer } from '../crypto/sign.js';
import type { Adapter } from '../db/adapter.js';
import type { Schema } from '../db/schema.js';
import type { Row } from '../db/types.js';
import { APIError, BASE_ERRORS } from '../errors.js';
import type { RequestScope } from '../request-scope.js';
import { remember } from './memo.js';
import { sessionKeyHashStartsWith } from './token-key.js';
import type { SessionRow, SessionWithUser, UserRow } from './types.js';

const DECODED_MEMO_SIZE = 1_000;
const COOKIE_CACHE_LIMIT = 4093;
/** How much of the token's hash a cache cookie carries, binding it to its session token. */
const TOKEN_BINDING = 16;

/** A signed cache cookie, verified and decoded; `json` is get-session's body, once rendered. */
export interface CacheEntry {
  session: SessionRow;
  user: UserRow;
  expiresAt: number;
  tokenHash: string;
  json?: { token: string; body: string };
}

export interface CookieCacheDeps {
  adapter: Adapter;
  schema: Schema;
  signer: Signer;
  cookies: CookieNames;
  secureCookies: boolean;
  /** `session.cookieCache.maxAge`, in seconds. */
  maxAge: number;
  now(): number;
}

/**
 * The session cookie cache (`session.cookieCache`): the session and its user in a signed
 * cookie, so that a read needs no store. It can outlive a revocation by up to `maxAge`:
 * enough to show a session, never to change state.
 */
export class CookieCache {
  /**
   * Signed cache cookies already verified and decoded (bounded memo), by their signature: a
   * cache cookie is over 1 KB, and hashing all of it for every lookup cost more than the rest
   * of the lane's answer (≈ 1.8 µs a request). A hit is then compared whole with the value it
   * was decoded from, so only that very cookie is answered from it.
   */
  private readonly decoded = new Map<string, { signed: string; data: CacheEntry }>();

  constructor(private readonly deps: CookieCacheDeps) {}

  /**
   * The session the signed cache cookie vouches for, if it is unexpired and names this
   * token. Decoded once per distinct cookie value (memo); expiry is checked every time.
   */
  read(cookieHeader: string | null, tokenKey: string): CacheEntry | null {
    const { deps } = this;
    const signed = readCookie(cookieHeader, deps.cookies.sessionData);
    if (!signed) return null;
    const mac = signed.slice(signed.lastIndexOf('.') + 1);
    const known = this.decoded.get(mac);
    let data = known?.signed === signed ? known.data : undefined;
    if (!data) {
      const raw = deps.signer.unsign(signed);
      if (!raw) return null;
      try {
        const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { session: Row; user: Row; expiresAt: number; tokenHash: string };
        data = {
          session: deps.adapter.fromDb('session', reviveDates(deps.schema, 'session', parsed.session)) as SessionRow,
          user: deps.adapter.fromDb('user', reviveDates(deps.schema, 'user', parsed.user)) as UserRow,
          expiresAt: parsed.expiresAt,
          tokenHash: parsed.tokenHash,
        };
      } catch {
        return null;
      }
      remember(this.decoded, mac, { signed, data }, DECODED_MEMO_SIZE);
    }
    const now = deps.now();
    if (data.expiresAt <= now || data.tokenHash.length !== TOKEN_BINDING || !sessionKeyHashStartsWith(tokenKey, data.tokenHash)) return null;
    if (data.session.expiresAt.getTime() <= now) return null;
    return data;
  }

  /** Writes the cache cookie for a session (500 SESSION_DATA_TOO_LARGE past a browser's cookie size). */
  write(c: RequestScope, s: SessionWithUser): void {
    const { deps } = this;
    const payload = Buffer.from(
      JSON.stringify({
        session: s.session,
        user: s.user,
        expiresAt: deps.now() + deps.maxAge * 1000,
        tokenHash: hashToken(s.token).slice(0, TOKEN_BINDING),
      }),
    ).toString('base64url');
    const signed = deps.signer.sign(payload);
    if (encodeURIComponent(signed).length > COOKIE_CACHE_LIMIT) {
      throw new APIError('INTERNAL_SERVER_ERROR', 'SESSION_DATA_TOO_LARGE', BASE_ERRORS.SESSION_DATA_TOO_LARGE);
    }
    c.setCookie(deps.cookies.sessionData, signed, { maxAge: deps.maxAge, secure: deps.secureCookies });
  }
}

function reviveDates(schema: Schema, model: string, row: Row): Row {
  const out: Row = { ...row };
  for (const [name, def] of Object.entries(schema[model]!.fields)) {
    if (def.type === 'date' && typeof out[name] === 'string') out[name] = Date.parse(out[name] as string);
  }
  return out;
}
