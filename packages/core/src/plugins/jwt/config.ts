import { z } from 'zod';
import { callback, type SessionAnswer } from '../../kit.js';

/** The signing algorithms a key set may use (jose names). */
export const JWT_ALGORITHMS = ['EdDSA', 'ES256', 'RS256'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

const seconds = () =>
  z
    .number({ error: 'must be a positive whole number of seconds' })
    .int('must be a positive whole number of seconds')
    .positive('must be a positive whole number of seconds');

/** The `jwt` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export const jwtOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** The signing algorithm of new keys (default 'EdDSA', Ed25519). */
  alg: z.enum(JWT_ALGORITHMS, { error: (issue) => `must be EdDSA, ES256 or RS256 (got ${String(issue.input)})` }).optional(),
  /** The `iss` claim (default: the base URL). */
  issuer: z.string().min(1).optional(),
  /** The `aud` claim (default: the base URL). */
  audience: z.union([z.string().min(1), z.array(z.string().min(1))]).optional(),
  /** How long a token lives, in seconds (default 900: 15 minutes). */
  expirationTime: seconds().optional(),
  /** How long a key signs before a new one takes over, in seconds (default 30 days). */
  rotationInterval: seconds().optional(),
  /**
   * How long a key stays published after it stopped signing, beyond the lifetime of the last
   * token it signed, in seconds (default 30 days): verifiers that cache /jwks keep working.
   */
  gracePeriod: seconds().optional(),
  /** The claims besides iss, aud, sub, iat and exp (default: the user's `email` and `name`). */
  definePayload: callback<(session: SessionAnswer) => Record<string, unknown> | Promise<Record<string, unknown>>>().optional(),
  /** Leave out the `set-auth-jwt` header get-session answers with a session (better-auth's option name). */
  disableSettingJwtHeader: z.boolean().optional(),
});

export type JwtOptions = z.input<typeof jwtOptions>;

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

/** The options with their defaults, from the instance's base URL (their ranges are the schema's, checked by `createAuth`). */
export function resolveJwtOptions(o: JwtOptions, baseURL: string): JwtConfig {
  return {
    alg: o.alg ?? 'EdDSA',
    issuer: o.issuer ?? baseURL,
    // A copy: the payload's text is kept per user (sign.ts), so the audience must not change under it.
    audience: Array.isArray(o.audience) ? [...o.audience] : (o.audience ?? baseURL),
    expirationTime: o.expirationTime ?? 900,
    rotationInterval: o.rotationInterval ?? 30 * DAY,
    gracePeriod: o.gracePeriod ?? 30 * DAY,
    definePayload: o.definePayload ?? (({ user }) => ({ email: user.email, name: user.name })),
    setHeader: !o.disableSettingJwtHeader,
  };
}
