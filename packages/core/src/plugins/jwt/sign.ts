import { KeyObject, sign as signBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { type AuthContext, after, type MaybePromise, type SessionAnswer } from '../../kit.js';
import type { JwtAlgorithm } from './config.js';
import type { SigningKey } from './keys.js';
import { jwtOf } from './state.js';

/** Each signing key as node:crypto's KeyObject, made once per key (the key set keeps its CryptoKey). */
const keyObjects = new WeakMap<CryptoKey, KeyObject>();

function keyObjectOf(key: CryptoKey): KeyObject {
  let found = keyObjects.get(key);
  if (!found) {
    found = KeyObject.from(key);
    keyObjects.set(key, found);
  }
  return found;
}

/**
 * The JWS signature of `input` (RFC 7518: Ed25519; ECDSA P-256 as r‖s; RSASSA-PKCS1-v1_5 with
 * SHA-256), made by node:crypto on this thread: WebCrypto (what jose signs with) runs each
 * signature as a job on the thread pool and answers a promise, about half a token's CPU.
 */
function signatureOf(alg: JwtAlgorithm, key: KeyObject, input: Buffer): Buffer {
  if (alg === 'EdDSA') return signBytes(null, input, key);
  if (alg === 'ES256') return signBytes('sha256', input, { key, dsaEncoding: 'ieee-p1363' });
  return signBytes('sha256', input, key);
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Each signing key's encoded JWS header (`alg`, `kid`, `typ`), made once per key. */
const headers = new WeakMap<SigningKey, string>();

function headerOf(key: SigningKey): string {
  let found = headers.get(key);
  if (found === undefined) {
    found = encode({ alg: key.alg, kid: key.kid, typ: 'JWT' });
    headers.set(key, found);
  }
  return found;
}

/**
 * The claims as jose's `SignJWT` takes them (a structured clone of their own properties); when
 * every value is a string, a number, a boolean or null, the shallow copy is that clone.
 */
function cloneClaims(claims: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...claims };
  for (const key in copy) {
    const type = typeof copy[key];
    if (copy[key] !== null && type !== 'string' && type !== 'number' && type !== 'boolean') return structuredClone(copy);
  }
  return copy;
}

/** The token for `session` signed with `key`: at once unless `definePayload` answers a promise (or the key is not WebCrypto's). */
function signWith(auth: AuthContext, key: SigningKey, session: SessionAnswer): MaybePromise<string> {
  const { config } = jwtOf(auth);
  const iat = Math.floor(auth.now() / 1000);
  return after(config.definePayload(session), (claims) => {
    if (!(key.key instanceof CryptoKey)) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setSubject(session.user.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + config.expirationTime)
        .sign(key.key);
    }
    const payload = cloneClaims(claims);
    payload.iss = config.issuer;
    payload.aud = config.audience;
    payload.sub = session.user.id;
    payload.iat = iat;
    payload.exp = iat + config.expirationTime;
    const input = `${headerOf(key)}.${encode(payload)}`;
    return `${input}.${signatureOf(key.alg, keyObjectOf(key.key), Buffer.from(input)).toString('base64url')}`;
  });
}

/**
 * A JWT for a session: `sub` the user id, `iss`/`aud` from the options, `iat` now, `exp`
 * after `expirationTime`, plus `definePayload`'s claims; `kid` in the header names the key.
 * The same header and claims, in the same order, as jose's `SignJWT` writes them.
 */
export async function signSessionJwt(auth: AuthContext, session: SessionAnswer): Promise<string> {
  return signWith(auth, await jwtOf(auth).keys.signingKey(), session);
}

/**
 * `GET /token`'s answer for a session when signing writes nothing (the fast lane's session read):
 * with the current key at hand. `undefined` when a key must first be found or made (a first
 * token, a rotation due): the route then answers, and may write the new key.
 */
export function tokenAnswer(auth: AuthContext, session: SessionAnswer): MaybePromise<{ token: string }> | undefined {
  const key = jwtOf(auth).keys.ready();
  if (!key) return undefined;
  return after(signWith(auth, key, session), (token) => ({ token }));
}
