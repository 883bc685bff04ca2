import { z } from 'zod';
import { type AuthContext, extension, wholeNumber } from '../../kit.js';

/** What a key may do, by resource: `{ files: ['read', 'write'] }`. */
export type ApiKeyPermissions = Record<string, string[]>;

/** The `apiKey` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export const apiKeyOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** The request header a key comes in (default 'x-api-key'). */
  apiKeyHeader: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name (letters, digits, hyphens)')
    .optional(),
  /** Put before every new key unless the request names one (e.g. 'gh_'); none by default. */
  defaultPrefix: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'must be letters, digits, _ or -')
    .optional(),
  /** Random characters of a key, prefix not counted (default 64, at least 32). */
  defaultKeyLength: wholeNumber(32).optional(),
  /** How many first characters (prefix included) are kept in clear to tell keys apart (default 6). */
  startingCharactersLength: wholeNumber(0).optional(),
  /** The longest name (default 32). */
  maximumNameLength: wholeNumber(1).optional(),
  /** Refuse a key without a name (default false). */
  requireName: z.boolean().optional(),
  /** Allow `metadata` on keys (default false). */
  enableMetadata: z.boolean().optional(),
  /** Expiry of new keys, in seconds: the default (none: keys do not expire) and the bounds a request's `expiresIn` must keep (1 day to 365 days). */
  keyExpiration: z
    .strictObject({ defaultExpiresIn: wholeNumber(1).nullable().optional(), minExpiresIn: wholeNumber(1).optional(), maxExpiresIn: wholeNumber(1).optional() })
    .optional(),
  /** The per-key rate limit new keys get (better-auth's names; `timeWindow` in milliseconds). Default: on, 100 requests a minute. */
  rateLimit: z.strictObject({ enabled: z.boolean().optional(), timeWindow: wholeNumber(1).optional(), maxRequests: wholeNumber(1).optional() }).optional(),
  /** Permissions new keys get when the server sets none (resource → actions). */
  defaultPermissions: z.record(z.string(), z.array(z.string())).optional(),
});

export type ApiKeyOptions = z.input<typeof apiKeyOptions>;

export interface ApiKeyConfig {
  header: string;
  defaultPrefix: string | undefined;
  keyLength: number;
  startLength: number;
  maximumNameLength: number;
  requireName: boolean;
  enableMetadata: boolean;
  defaultExpiresIn: number | null;
  minExpiresIn: number;
  maxExpiresIn: number;
  rateLimit: { enabled: boolean; timeWindow: number; maxRequests: number };
  defaultPermissions: ApiKeyPermissions | undefined;
}

const DAY = 86_400;

/** The options with their defaults (their ranges are the schema's, checked by `createAuth`). */
export function resolveApiKeyOptions(o: ApiKeyOptions): ApiKeyConfig {
  return {
    header: (o.apiKeyHeader ?? 'x-api-key').toLowerCase(),
    defaultPrefix: o.defaultPrefix,
    keyLength: o.defaultKeyLength ?? 64,
    startLength: o.startingCharactersLength ?? 6,
    maximumNameLength: o.maximumNameLength ?? 32,
    requireName: o.requireName ?? false,
    enableMetadata: o.enableMetadata ?? false,
    defaultExpiresIn: o.keyExpiration?.defaultExpiresIn ?? null,
    minExpiresIn: o.keyExpiration?.minExpiresIn ?? DAY,
    maxExpiresIn: o.keyExpiration?.maxExpiresIn ?? 365 * DAY,
    rateLimit: { enabled: true, timeWindow: 60_000, maxRequests: 100, ...o.rateLimit },
    defaultPermissions: o.defaultPermissions,
  };
}

const config = extension<ApiKeyConfig>('apiKey');

export const useApiKeyConfig = config.set;

export function apiKeyConfig(auth: AuthContext): ApiKeyConfig {
  return config.get(auth);
}
