import { keysOf, type SessionAnswer } from '../../kit.js';

/** The signing algorithms a key set may use (jose names). */
export type JwtAlgorithm = 'EdDSA' | 'ES256' | 'RS256';

/** The `jwt` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface JwtOptions {
  enabled?: boolean;
  /** The signing algorithm of new keys (default 'EdDSA', Ed25519). */
  alg?: JwtAlgorithm;
  /** The `iss` claim (default: the base URL). */
  issuer?: string;
  /** The `aud` claim (default: the base URL). */
  audience?: string | string[];
  /** How long a token lives, in seconds (default 900: 15 minutes). */
  expirationTime?: number;
  /** How long a key signs before a new one takes over, in seconds (default 30 days). */
  rotationInterval?: number;
  /**
   * How long a key stays published after it stopped signing, beyond the lifetime of the last
   * token it signed, in seconds (default 30 days): verifiers that cache /jwks keep working.
   */
  gracePeriod?: number;
  /** The claims besides iss, aud, sub, iat and exp (default: the user's `email` and `name`). */
  definePayload?(session: SessionAnswer): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Leave out the `set-auth-jwt` header get-session answers with a session (better-auth's option name). */
  disableSettingJwtHeader?: boolean;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const jwtOptionKeys = keysOf<JwtOptions>({
  enabled: true,
  alg: true,
  issuer: true,
  audience: true,
  expirationTime: true,
  rotationInterval: true,
  gracePeriod: true,
  definePayload: true,
  disableSettingJwtHeader: true,
});

export interface JwtConfig {
  alg: JwtAlgorithm;
  issuer: string;
  audience: string | string[];
  expirationTime: number;
  rotationInterval: number;
  gracePeriod: number;
  definePayload(session: SessionAnswer): Record<string, unknown> | Promise<Record<string, unknown>>;
  setHeader: boolean;
}

const DAY = 86_400;

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`jwt.${name} must be a positive whole number of seconds`);
  return value;
}

/** The options with their defaults, from the instance's base URL. */
export function resolveJwtOptions(o: JwtOptions, baseURL: string): JwtConfig {
  if (o.alg !== undefined && !['EdDSA', 'ES256', 'RS256'].includes(o.alg)) throw new Error(`jwt.alg must be EdDSA, ES256 or RS256 (got ${String(o.alg)})`);
  return {
    alg: o.alg ?? 'EdDSA',
    issuer: o.issuer ?? baseURL,
    audience: o.audience ?? baseURL,
    expirationTime: positive('expirationTime', o.expirationTime, 900),
    rotationInterval: positive('rotationInterval', o.rotationInterval, 30 * DAY),
    gracePeriod: positive('gracePeriod', o.gracePeriod, 30 * DAY),
    definePayload: o.definePayload ?? (({ user }) => ({ email: user.email, name: user.name })),
    setHeader: !o.disableSettingJwtHeader,
  };
}
