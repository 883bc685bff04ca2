import { hashToken } from '../crypto/sign.js';
import type { Where } from '../db/types.js';

/** The length of `hashToken`'s answer: SHA-256 in base64url. */
const HASH_LENGTH = 43;

/**
 * What a session row keeps of its token, and is found by: the token's first 8 characters (its creation time: session
 * tokens are `orderedRandom(32)`), then its hash. Keys so made are in creation order, so a new session's key lands at
 * the end of the unique index on it, not on a random page of it (a page written per sign-in, and again when it is
 * folded into the database file). The 8 characters say no more than the session's own `createdAt`; the other 24 are
 * random and only hashed.
 */
export function sessionTokenKey(token: string): string {
  return token.slice(0, 8) + hashToken(token);
}

/**
 * The token's hash within its key: the key a session made before `sessionTokenKey` was kept under (its hash alone).
 * Such sessions are still found (`SessionReads`), by a second look when the key finds nothing.
 */
export function hashOfSessionKey(key: string): string {
  return key.slice(-HASH_LENGTH);
}

/**
 * Whether the token's hash within this key begins with `prefix`, a non-empty one:
 * `hashOfSessionKey(key).startsWith(prefix)` without making the string (the cookie cache's check, on get-session's path).
 */
export function sessionKeyHashStartsWith(key: string, prefix: string): boolean {
  return prefix.length > 0 && key.length >= HASH_LENGTH && key.startsWith(prefix, key.length - HASH_LENGTH);
}

/**
 * Finds a session named by a token as the revoke routes take it: as list-sessions shows it (the stored key itself),
 * raw (its key), or raw for a session made before token keys (its hash alone). Each clause is an `OR`, so a caller may
 * add its own `AND` (the owner).
 */
export function sessionTokenWhere(token: string): Where[] {
  return [
    { field: 'token', value: token, connector: 'OR' },
    { field: 'token', value: sessionTokenKey(token), connector: 'OR' },
    { field: 'token', value: hashToken(token), connector: 'OR' },
  ];
}
