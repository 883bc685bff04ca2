import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signing for cookie values. The first secret signs; every secret
 * verifies, so a secret can be rotated without signing everybody out.
 *
 * The keys are KeyObjects, made once: given a Buffer, `createHmac` first asks whether it is a
 * KeyObject or a CryptoKey, and on Node 24 each of those checks throws and catches inside
 * node:crypto, about 15–25 µs an HMAC against 3 µs with a KeyObject (measured on the bench VM;
 * every signed cookie written or read pays it).
 */
export class Signer {
  private readonly keys: KeyObject[];

  constructor(secrets: readonly string[]) {
    this.keys = secrets.map((s) => createSecretKey(Buffer.from(s, 'utf8')));
  }

  private mac(key: KeyObject, value: string): Buffer {
    return createHmac('sha256', key).update(value).digest();
  }

  sign(value: string): string {
    return `${value}.${this.mac(this.keys[0]!, value).toString('base64url')}`;
  }

  /** The value if its signature holds under any secret, else null. */
  unsign(signed: string): string | null {
    const dot = signed.lastIndexOf('.');
    if (dot <= 0) return null;
    const value = signed.slice(0, dot);
    let given: Buffer;
    try {
      given = Buffer.from(signed.slice(dot + 1), 'base64url');
    } catch {
      return null;
    }
    if (given.length !== 32) return null;
    for (const key of this.keys) {
      if (timingSafeEqual(given, this.mac(key, value))) return value;
    }
    return null;
  }
}

/** What the database keeps of a session token: never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

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
 * The token's hash within its key: what the cookie cache binds itself to, and the key a session made before
 * `sessionTokenKey` was kept under (its hash alone). Such sessions are still found (`SessionReads`), by a second
 * look when the key finds nothing.
 */
export function hashOfSessionKey(key: string): string {
  return key.slice(-HASH_LENGTH);
}
