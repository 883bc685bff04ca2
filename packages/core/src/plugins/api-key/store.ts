import { APIError, type AuthContext, hashToken, randomString, type Row, type UserRow } from '../../kit.js';
import { type ApiKeyConfig, type ApiKeyPermissions, apiKeyConfig } from './config.js';
import { API_KEY_ERRORS, apiKeyError } from './errors.js';

/** Any JSON value (a key's metadata). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Gatehouse has one key configuration; better-auth 1.7 names the default one so. */
export const DEFAULT_CONFIG_ID = 'default';

/** A key as the routes answer it: everything but the hash. */
export interface ApiKey {
  id: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  userId: string;
  /** better-auth 1.7's name for the owner (always the user here: keys belong to people). */
  referenceId: string;
  /** better-auth 1.7's configuration id: always "default". */
  configId: string;
  enabled: boolean;
  rateLimitEnabled: boolean;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number;
  lastRequest: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  permissions: ApiKeyPermissions | null;
  metadata: { [key: string]: JsonValue } | null;
}

/** A key's row: `key` is the SHA-256 of the key. */
export interface ApiKeyRow extends ApiKey, Row {
  key: string;
  lastRequestWindowStart: Date | null;
}

export function apiKeyOf(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name ?? null,
    start: row.start ?? null,
    prefix: row.prefix ?? null,
    userId: row.userId,
    referenceId: row.userId,
    configId: DEFAULT_CONFIG_ID,
    enabled: row.enabled,
    rateLimitEnabled: row.rateLimitEnabled,
    rateLimitTimeWindow: row.rateLimitTimeWindow ?? null,
    rateLimitMax: row.rateLimitMax ?? null,
    requestCount: row.requestCount,
    lastRequest: row.lastRequest ?? null,
    expiresAt: row.expiresAt ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    permissions: row.permissions ?? null,
    metadata: row.metadata ?? null,
  };
}

/** A new key: the prefix, then random characters; what is kept of it is its hash and its first characters. */
export function newKey(config: ApiKeyConfig, prefix: string | undefined): { key: string; hash: string; start: string } {
  const key = `${prefix ?? ''}${randomString(config.keyLength)}`;
  return { key, hash: hashToken(key), start: key.slice(0, config.startLength) };
}

export async function findOwnKey(auth: AuthContext, userId: string, id: string): Promise<ApiKeyRow | null> {
  return auth.adapter.findOne<ApiKeyRow>('apikey', [
    { field: 'id', value: id },
    { field: 'userId', value: userId },
  ]);
}

/** True when `granted` holds every action `required` names. */
export function hasPermissions(granted: ApiKeyPermissions | null, required: ApiKeyPermissions): boolean {
  return Object.entries(required).every(([resource, actions]) => actions.every((a) => granted?.[resource]?.includes(a)));
}

function isBanned(user: Row, now: number): boolean {
  if (!user.banned) return false;
  const expires = user.banExpires instanceof Date ? user.banExpires.getTime() : null;
  return expires === null || expires > now;
}

/** How many times a use is retried when another request counted the same key in between. */
const COUNT_ATTEMPTS = 5;

/**
 * Counts one use of a key against its rate limit and records when it was used: 429
 * RATE_LIMITED (with Retry-After) past `rateLimitMax` uses in `rateLimitTimeWindow` ms. The count is written
 * only if no other request counted in between (compare-and-set), so that concurrent uses
 * cannot slip past the limit.
 */
async function countUse(auth: AuthContext, row: ApiKeyRow): Promise<ApiKeyRow> {
  const { rateLimit } = apiKeyConfig(auth);
  let current = row;
  for (let attempt = 0; attempt < COUNT_ATTEMPTS; attempt++) {
    const now = auth.now();
    const window = current.rateLimitTimeWindow ?? rateLimit.timeWindow;
    const max = current.rateLimitMax ?? rateLimit.maxRequests;
    const started = current.lastRequestWindowStart?.getTime() ?? null;
    const fresh = started === null || now - started >= window;
    if (current.rateLimitEnabled && !fresh && current.requestCount >= max) throw rateLimited(started! + window - now);
    const updated = await auth.adapter.update<ApiKeyRow>(
      'apikey',
      [
        { field: 'id', value: current.id },
        { field: 'requestCount', value: current.requestCount },
      ],
      {
        requestCount: fresh ? 1 : current.requestCount + 1,
        lastRequestWindowStart: new Date(fresh ? now : started!),
        lastRequest: new Date(now),
      },
    );
    if (updated) return updated;
    const again = await auth.adapter.findOne<ApiKeyRow>('apikey', [{ field: 'id', value: current.id }]);
    if (!again) throw apiKeyError('UNAUTHORIZED', 'INVALID_API_KEY');
    current = again;
  }
  throw rateLimited(1000);
}

/** 429 RATE_LIMITED, saying in Retry-After (seconds, rounded up) when the key's window ends. */
function rateLimited(waitMs: number): APIError {
  const retry = String(Math.max(1, Math.ceil(waitMs / 1000)));
  return new APIError('TOO_MANY_REQUESTS', 'RATE_LIMITED', API_KEY_ERRORS.RATE_LIMITED, { 'Retry-After': retry });
}

/**
 * Checks a presented key and counts its use: the key row and its user, or a refusal
 * (401 INVALID_API_KEY, KEY_DISABLED, KEY_EXPIRED; 403 BANNED_USER; 429 RATE_LIMITED).
 * Unknown keys and keys of users gone are told apart from nothing.
 */
export async function useKey(auth: AuthContext, presented: string): Promise<{ row: ApiKeyRow; user: UserRow }> {
  const row = await auth.adapter.findOne<ApiKeyRow>('apikey', [{ field: 'key', value: hashToken(presented) }]);
  if (!row) throw apiKeyError('UNAUTHORIZED', 'INVALID_API_KEY');
  if (!row.enabled) throw apiKeyError('UNAUTHORIZED', 'KEY_DISABLED');
  if (row.expiresAt && row.expiresAt.getTime() <= auth.now()) throw apiKeyError('UNAUTHORIZED', 'KEY_EXPIRED');
  const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: row.userId }]);
  if (!user) throw apiKeyError('UNAUTHORIZED', 'INVALID_API_KEY');
  if (isBanned(user, auth.now())) throw apiKeyError('FORBIDDEN', 'BANNED_USER');
  return { row: await countUse(auth, row), user };
}
