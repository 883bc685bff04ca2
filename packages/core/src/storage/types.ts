/** Secondary storage (e.g. Redis): string values with a time to live. */
export interface SecondaryStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomic counter for rate limits: increments and returns the count within the window. */
  increment?(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * Atomic operations for session records (Redis: Lua scripts). A storage without them
   * gets the same logic as read-modify-write over get/set/delete, which two instances
   * racing on the same user can interleave.
   */
  sessionOps?: SessionRecordOps;
}

/** One entry of the active-sessions list (`active-sessions-<userId>`): a token hash and its expiry (epoch ms). */
export interface ActiveSession {
  token: string;
  expiresAt: number;
}

/**
 * Record values: a JSON record; REVOKED (the session was deleted: nothing may write it back
 * until it would have expired); or STALE_PREFIX + time (the database row changed at that
 * time of the storage's clock: read it from the database; a copy read before may not be
 * written back).
 */
export const REVOKED = '!revoked';
export const STALE_PREFIX = '!stale:';

/**
 * Times are the storage's own clock (Redis TIME), so instances whose clocks differ still
 * agree on what came first.
 */
export interface SessionRecordOps {
  /** The storage's clock, in ms: taken before a database read whose result may be written back. */
  now(): Promise<number>;
  /**
   * Writes a session record for `ttlMs`, unless the key holds REVOKED or a STALE marker
   * later than `readAt`, or `userStampKey` holds a time later than `readAt`.
   */
  put(key: string, value: string, ttlMs: number, readAt: number, userStampKey: string): Promise<void>;
  /** Marks a record REVOKED (final), or STALE as of now (unless revoked), for `ttlMs`. */
  mark(key: string, revoked: boolean, ttlMs: number): Promise<void>;
  /** Sets a user stamp to now (or to forever: the user is gone), for `ttlMs`. */
  stamp(key: string, ttlMs: number, forever?: boolean): Promise<void>;
  /** Adds/removes list entries atomically, drops expired ones; the list lives until its last expiry. */
  updateList(key: string, add: ActiveSession | null, remove: readonly string[], now: number): Promise<void>;
}
