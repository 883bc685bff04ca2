import { KeyObject, sign as signBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AuthContext, SessionAnswer } from '../../kit.js';
import type { JwtAlgorithm } from './config.js';
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

/**
 * A JWT for a session: `sub` the user id, `iss`/`aud` from the options, `iat` now, `exp`
 * after `expirationTime`, plus `definePayload`'s claims; `kid` in the header names the key.
 * The same header and claims, in the same order, as jose's `SignJWT` writes them.
 */
export async function signSessionJwt(auth: AuthContext, session: SessionAnswer): Promise<string> {
  const { config, keys } = jwtOf(auth);
  const key = await keys.signingKey();
  const iat = Math.floor(auth.now() / 1000);
  const claims = await config.definePayload(session);
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
  const payload: Record<string, unknown> = structuredClone({ ...claims });
  payload.iss = config.issuer;
  payload.aud = config.audience;
  payload.sub = session.user.id;
  payload.iat = iat;
  payload.exp = iat + config.expirationTime;
  const input = `${encode({ alg: key.alg, kid: key.kid, typ: 'JWT' })}.${encode(payload)}`;
  return `${input}.${signatureOf(key.alg, keyObjectOf(key.key), Buffer.from(input)).toString('base64url')}`;
}
