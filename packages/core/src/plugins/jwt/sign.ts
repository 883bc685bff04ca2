import { KeyObject, sign as signBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { after, type AuthContext, type MaybePromise, type SessionAnswer } from '../../kit.js';
import type { JwtAlgorithm, JwtConfig } from './config.js';
import type { SigningKey } from './keys.js';
import { jwtOf } from './state.js';

/**
 * The JWS signature of `input` (RFC 7518: Ed25519; ECDSA P-256 as r‖s; RSASSA-PKCS1-v1_5 with
 * SHA-256), made by node:crypto on the thread pool (its callback form): the signature, most of a
 * token's CPU, runs beside the event loop, which meanwhile serves other requests. Handing it over
 * costs a few µs, less than WebCrypto's promise job (what jose signs with). A token costs about a
 * fifth more CPU in all than signed on this thread, and a server with two cores or more issues
 * about a quarter more tokens a second (docs/performance.md, "JWT issuance on the thread pool").
 * `input` is ASCII (base64url and dots): its latin1 bytes are its UTF-8 ones, and cheaper to make.
 */
function signatureOf(alg: JwtAlgorithm, key: KeyObject, text: string): Promise<Buffer> {
  const input = Buffer.from(text, 'latin1');
  return new Promise((ok, fail) => {
    const done = (error: Error | null, signature: Buffer) => (error ? fail(error) : ok(signature));
    if (alg === 'EdDSA') signBytes(null, input, key, done);
    else if (alg === 'ES256') signBytes('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, done);
    else signBytes('sha256', input, key, done);
  });
}

const base64url = (json: string) => Buffer.from(json).toString('base64url');

/** A WebCrypto signing key as node:crypto signs with it, and its encoded JWS header (`alg`, `kid`, `typ`): made once per key. */
interface Signer {
  key: KeyObject;
  alg: JwtAlgorithm;
  header: string;
}

const signers = new WeakMap<SigningKey, Signer>();

function signerOf(key: SigningKey & { key: CryptoKey }): Signer {
  let found = signers.get(key);
  if (!found) {
    found = { key: KeyObject.from(key.key), alg: key.alg, header: base64url(JSON.stringify({ alg: key.alg, kid: key.kid, typ: 'JWT' })) };
    signers.set(key, found);
  }
  return found;
}

/** `input` (header and payload) with its signature: the whole token. */
async function signedToken(signer: Signer, input: string): Promise<string> {
  return `${input}.${(await signatureOf(signer.alg, signer.key, input)).toString('base64url')}`;
}

/** A claim value whose JSON a payload's text may be kept for: compared by value, never changed in place. */
type Plain = string | number | boolean | null;

/**
 * A user's payload as JSON up to `"iat":` (definePayload's claims, then `iss`, `aud`, `sub`), kept
 * while definePayload answers the same plain values under the same names: a token then costs the
 * text of two numbers, not a copy and a JSON and base64url of every claim. The base64url of its
 * first bytes (whole groups of three) follows the key's header; the one or two bytes left over
 * are encoded with the numbers. Only the text is kept: every token is signed.
 */
interface Prefix {
  names: string[];
  values: Plain[];
  /** The signing key `start` was made for. */
  signer: Signer;
  /** `header.` and the base64url of the payload's first bytes. */
  start: string;
  /** The payload's bytes after those (0–2). */
  rest: Buffer;
}

/** How many users' payload prefixes an instance keeps (cleared when full: a user's next token makes it again). */
const PREFIX_MEMO_SIZE = 1_000;

const prefixes = new WeakMap<JwtConfig, Map<string, Prefix>>();

/** The kept prefix, when `claims` are the same plain values under the same names as when it was made. */
function keptPrefix(config: JwtConfig, sub: string, claims: Record<string, unknown>): Prefix | undefined {
  const kept = prefixes.get(config)?.get(sub);
  if (!kept) return undefined;
  const { names, values } = kept;
  let i = 0;
  for (const name in claims) {
    if (names[i] !== name || values[i] !== claims[name]) return undefined;
    i++;
  }
  return i === names.length ? kept : undefined;
}

/**
 * The names and values of `claims` when every value is plain and none is one of the claims the
 * token sets itself (which would keep its place among them): what a prefix may be kept for.
 */
function plainClaims(claims: Record<string, unknown>): { names: string[]; values: Plain[] } | undefined {
  const names: string[] = [];
  const values: Plain[] = [];
  for (const name in claims) {
    if (!Object.hasOwn(claims, name) || name === 'iss' || name === 'aud' || name === 'sub' || name === 'iat' || name === 'exp') return undefined;
    const value = claims[name];
    const type = typeof value;
    if (value !== null && type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    names.push(name);
    values.push(value as Plain);
  }
  return { names, values };
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

/** The payload's JSON as jose writes it: the claims in their order, then iss, aud, sub, iat, exp (set in place when a claim has the name). */
function payloadJson(config: JwtConfig, sub: string, claims: Record<string, unknown>, iat: number): string {
  const payload = cloneClaims(claims);
  payload.iss = config.issuer;
  payload.aud = config.audience;
  payload.sub = sub;
  payload.iat = iat;
  payload.exp = iat + config.expirationTime;
  return JSON.stringify(payload);
}

/** Scratch space for a payload's last bytes (the prefix's 0–2 and the two numbers). */
const scratch = Buffer.alloc(128);

/**
 * The token from a kept prefix: its start, then the base64url of its last bytes and the numbers, then the signature.
 * `scratch` is written and read before the signature is awaited, so tokens made at once never share it.
 */
function signFrom(prefix: Prefix, iat: number, exp: number): Promise<string> {
  const { rest, signer } = prefix;
  rest.copy(scratch, 0);
  const end = rest.length + scratch.write(`${iat},"exp":${exp}}`, rest.length, 'latin1');
  return signedToken(signer, prefix.start + scratch.toString('base64url', 0, end));
}

/** A prefix for `claims` (plain, see `plainClaims`), kept for the user. */
function makePrefix(config: JwtConfig, signer: Signer, sub: string, plain: { names: string[]; values: Plain[] }, claims: Record<string, unknown>): Prefix {
  const json = payloadJson(config, sub, claims, 0);
  // `…,"iat":0,"exp":N}`: the text before the 0 is the prefix.
  const bytes = Buffer.from(json.slice(0, json.lastIndexOf('"iat":') + 6));
  const whole = bytes.length - (bytes.length % 3);
  const prefix: Prefix = {
    ...plain,
    signer,
    start: `${signer.header}.${bytes.subarray(0, whole).toString('base64url')}`,
    rest: Buffer.from(bytes.subarray(whole)),
  };
  let memo = prefixes.get(config);
  if (!memo) {
    memo = new Map();
    prefixes.set(config, memo);
  }
  if (memo.size >= PREFIX_MEMO_SIZE) memo.clear();
  memo.set(sub, prefix);
  return prefix;
}

/** The token for these claims, signed with a WebCrypto key by node:crypto. */
function signClaims(config: JwtConfig, key: SigningKey & { key: CryptoKey }, sub: string, claims: Record<string, unknown>, iat: number): Promise<string> {
  const signer = signerOf(key);
  const exp = iat + config.expirationTime;
  // The numbers' text is their JSON while they are safe integers (a clock gone wrong is not).
  const numbers = Number.isSafeInteger(iat) && Number.isSafeInteger(exp);
  let prefix = numbers ? keptPrefix(config, sub, claims) : undefined;
  if (prefix && prefix.signer !== signer) prefix = undefined;
  if (!prefix && numbers) {
    const plain = plainClaims(claims);
    if (plain) prefix = makePrefix(config, signer, sub, plain, claims);
  }
  if (prefix) return signFrom(prefix, iat, exp);
  return signedToken(signer, `${signer.header}.${base64url(payloadJson(config, sub, claims, iat))}`);
}

/** The token for `session` signed with `key`, once the thread pool signed it. */
function signWith(auth: AuthContext, key: SigningKey, session: SessionAnswer): MaybePromise<string> {
  const { config } = jwtOf(auth);
  const iat = Math.floor(auth.now() / 1000);
  const sub = session.user.id;
  const sign = (claims: Record<string, unknown>): MaybePromise<string> => {
    if (key.key instanceof CryptoKey) return signClaims(config, key as SigningKey & { key: CryptoKey }, sub, claims, iat);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + config.expirationTime)
      .sign(key.key);
  };
  return after(config.definePayload(session), sign);
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
