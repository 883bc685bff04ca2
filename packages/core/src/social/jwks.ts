import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Dispatcher } from 'undici';

/** Key-set fetching limits (spec section 9): 5 s timeout, 30 s cooldown, 10 min cache. */
const JWKS_OPTIONS = { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 600_000 };

/** Only asymmetric algorithms: an ID token signed with a shared secret (or "none") is refused. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface IdTokenCheck {
  jwksEndpoint: string;
  audience: string;
  /** Expected issuer(s); when absent, `checkIssuer` decides. */
  issuer?: string | string[];
  checkIssuer?(iss: string | undefined, claims: JWTPayload): boolean;
  nonce?: string;
  maxAge?: string;
  now: number;
}

/**
 * One remote key set per URL, kept for the life of the plugin instance so
 * that jose's cache and cooldown apply across requests.
 */
export class KeySets {
  private readonly sets = new Map<string, JWTVerifyGetKey>();

  /** `dispatcher`: how the key sets' fetches connect (none: fetch's own way). */
  constructor(private readonly dispatcher?: Dispatcher) {}

  get(url: string): JWTVerifyGetKey {
    let set = this.sets.get(url);
    if (!set) {
      const { dispatcher } = this;
      set = createRemoteJWKSet(
        new URL(url),
        dispatcher ? { ...JWKS_OPTIONS, [customFetch]: (resource, options) => fetch(resource, { ...options, dispatcher } as RequestInit) } : JWKS_OPTIONS,
      );
      this.sets.set(url, set);
    }
    return set;
  }

  /** The token's claims when signature, audience, issuer, time, nonce and age all hold; else null. */
  async verify(token: string, check: IdTokenCheck): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.get(check.jwksEndpoint), {
        algorithms: ALGORITHMS,
        audience: check.audience,
        issuer: check.issuer,
        currentDate: new Date(check.now),
        maxTokenAge: check.maxAge,
        clockTolerance: 5,
      });
      if (!check.issuer && check.checkIssuer && !check.checkIssuer(payload.iss, payload)) return null;
      if (!check.issuer && !check.checkIssuer) return null;
      if (check.nonce !== undefined && payload.nonce !== check.nonce) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
