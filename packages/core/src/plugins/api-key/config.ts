import { type AuthContext, extension, keysOf } from '../../kit.js';

/** What a key may do, by resource: `{ files: ['read', 'write'] }`. */
export type ApiKeyPermissions = Record<string, string[]>;

/** The `apiKey` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface ApiKeyOptions {
  enabled?: boolean;
  /** The request header a key comes in (default 'x-api-key'). */
  apiKeyHeader?: string;
  /** Put before every new key unless the request names one (e.g. 'gh_'); none by default. */
  defaultPrefix?: string;
  /** Random characters of a key, prefix not counted (default 64). */
  defaultKeyLength?: number;
  /** How many first characters (prefix included) are kept in clear to tell keys apart (default 6). */
  startingCharactersLength?: number;
  /** The longest name (default 32). */
  maximumNameLength?: number;
  /** Refuse a key without a name (default false). */
  requireName?: boolean;
  /** Allow `metadata` on keys (default false). */
  enableMetadata?: boolean;
  /** Expiry of new keys, in seconds: the default (none: keys do not expire) and the bounds a request's `expiresIn` must keep (1 day to 365 days). */
  keyExpiration?: { defaultExpiresIn?: number | null; minExpiresIn?: number; maxExpiresIn?: number };
  /** The per-key rate limit new keys get (better-auth's names; `timeWindow` in milliseconds). Default: on, 100 requests a minute. */
  rateLimit?: { enabled?: boolean; timeWindow?: number; maxRequests?: number };
  /** Permissions new keys get when the server sets none. */
  defaultPermissions?: ApiKeyPermissions;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const apiKeyOptionKeys = keysOf<ApiKeyOptions>({
  enabled: true,
  apiKeyHeader: true,
  defaultPrefix: true,
  defaultKeyLength: true,
  startingCharactersLength: true,
  maximumNameLength: true,
  requireName: true,
  enableMetadata: true,
  keyExpiration: keysOf<NonNullable<ApiKeyOptions['keyExpiration']>>({ defaultExpiresIn: true, minExpiresIn: true, maxExpiresIn: true }),
  rateLimit: keysOf<NonNullable<ApiKeyOptions['rateLimit']>>({ enabled: true, timeWindow: true, maxRequests: true }),
  // Resource → actions.
  defaultPermissions: true,
});

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

export function resolveApiKeyOptions(o: ApiKeyOptions): ApiKeyConfig {
  const keyLength = o.defaultKeyLength ?? 64;
  if (!Number.isInteger(keyLength) || keyLength < 32) throw new Error('apiKey.defaultKeyLength must be a whole number of at least 32');
  return {
    header: (o.apiKeyHeader ?? 'x-api-key').toLowerCase(),
    defaultPrefix: o.defaultPrefix,
    keyLength,
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
