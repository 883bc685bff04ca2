import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import type { AdapterPayload } from 'oidc-provider';
import { type AuthContext, writeInBurst } from '../../kit.js';
import { clientMetadata } from './applications.js';
import type { ProviderStorage } from './storage.js';
import { creationPrefix } from './token-ids.js';

/**
 * The machine lane: the two requests a machine sends most, answered without oidc-provider's Koa
 * stack when they are of their plainest shape, as the fast lane answers get-session beside the
 * general route. oidc-provider stays the engine: the lane writes and reads its own storage in its
 * own format (a token the lane issued is introspected, revoked and expired by the provider, and
 * the other way round), and anything it does not recognise as plain goes to the provider,
 * untouched: a wrong secret, an unknown client, a scope, a resource, DPoP, a JWT, an expired or
 * unknown token, a CORS request, any other parameter. It answers only successes, byte for byte as
 * the provider would (`machine-lane.test.ts` compares both), so every refusal, its status, its
 * message and its event remain the provider's.
 *
 * - `POST /oidc/token` with `grant_type=client_credentials` and nothing else but the client's
 *   credentials (HTTP Basic, or `client_id` and `client_secret` in the body), of an admin's
 *   application allowed the grant that does not require DPoP: an opaque access token.
 * - `POST /oidc/introspect` of an opaque client-credentials token by the client it was issued to
 *   (RFC 7662): `active: true` with its claims.
 */
export interface MachineLane {
  /** Answers `req` (body read) when it is plain, else hands it on to `next` with its body. */
  serve(req: IncomingMessage, res: ServerResponse, next: () => void | Promise<unknown>): void | Promise<unknown>;
}

const TOKEN = '/oidc/token';
const INTROSPECT = '/oidc/introspect';
/** Bodies above this are the provider's to read (and to refuse above its 56 kB). */
const MAX_BODY = 4096;
/** An opaque token's value: 256 bits of randomness in base64url, as oidc-provider makes them, after their creation time (`token-ids.ts`; a token made before has none). */
const OPAQUE = /^(?:[0-9A-Za-z]{8})?[A-Za-z0-9_-]{43}$/;
/** oidc-provider refuses credentials with characters outside VSCHAR (RFC 6749 Appendix A). */
const NOT_VSCHAR = /[^\x20-\x7E]/;
const BASE64 = /^([A-Za-z0-9+/]*)(={0,2})$/;
const FORM = 'application/x-www-form-urlencoded';
const TOKEN_PARAMS = new Set(['grant_type', 'client_id', 'client_secret']);
const INTROSPECT_PARAMS = new Set(['token', 'token_type_hint', 'client_id', 'client_secret']);
/** What a plain client-credentials token's stored payload holds, and nothing else. */
const PLAIN_TOKEN_KEYS = new Set(['iat', 'exp', 'jti', 'kind', 'clientId', 'scope']);

const epoch = () => Math.floor(Date.now() / 1000);

/** Whether the request may be read by the lane: its path, a form body of a known small size, nothing that changes the answer's shape. */
function eligible(req: IncomingMessage): boolean {
  if (req.method !== 'POST' || (req.url !== TOKEN && req.url !== INTROSPECT)) return false;
  const h = req.headers;
  if (h.origin !== undefined || h.dpop !== undefined || h['oauth-client-attestation'] !== undefined || h['oauth-client-attestation-pop'] !== undefined)
    return false;
  if (h.accept !== undefined && h.accept !== 'application/json' && h.accept !== '*/*') return false;
  const type = h['content-type'];
  if (type !== FORM && type !== `${FORM}; charset=utf-8` && type !== `${FORM};charset=UTF-8` && type !== `${FORM}; charset=UTF-8`) return false;
  if (h['transfer-encoding'] !== undefined) return false;
  const length = Number(h['content-length']);
  return Number.isInteger(length) && length > 0 && length <= MAX_BODY;
}

/** The form's parameters when each is given once, not empty, and among `allowed`; else undefined. */
function paramsOf(body: Buffer, allowed: Set<string>): Record<string, string> | undefined {
  const parsed = parse(body.toString());
  const out: Record<string, string> = {};
  for (const key of Object.keys(parsed)) {
    const value = parsed[key];
    if (!allowed.has(key) || typeof value !== 'string' || value === '') return undefined;
    out[key] = value;
  }
  return out;
}

function decodeCredential(value: string): string | undefined {
  try {
    const decoded = decodeURIComponent(value.replace(/\+/g, '%20'));
    return NOT_VSCHAR.test(decoded) || decoded === '' ? undefined : decoded;
  } catch {
    return undefined;
  }
}

interface Credentials {
  id: string;
  secret: string;
}

/** Basic headers decoded (a machine sends the same one every time): what the header says, nothing checked yet. */
const decodedHeaders = new Map<string, Credentials | null>();
const DECODED_MAX = 1000;

/** The client's id and secret as oidc-provider reads them (one mechanism only); undefined when anything is off. */
function credentialsOf(req: IncomingMessage, params: Record<string, string>): Credentials | undefined {
  const header = req.headers.authorization;
  if (header === undefined) {
    const { client_id: id, client_secret: secret } = params;
    return id && secret ? { id, secret } : undefined;
  }
  if (params.client_secret !== undefined) return undefined;
  let basic = decodedHeaders.get(header);
  if (basic === undefined) {
    basic = decodeBasic(header) ?? null;
    if (decodedHeaders.size >= DECODED_MAX) decodedHeaders.delete(decodedHeaders.keys().next().value as string);
    decodedHeaders.set(header, basic);
  }
  if (!basic || (params.client_id !== undefined && params.client_id !== basic.id)) return undefined;
  return basic;
}

/** An HTTP Basic header's id and secret, decoded as oidc-provider decodes them. */
function decodeBasic(header: string): Credentials | undefined {
  const parts = header.split(' ');
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'basic') return undefined;
  const m = BASE64.exec(parts[1]!);
  if (!m?.[1] || (m[2] ? (m[1].length + m[2].length) % 4 !== 0 : m[1].length % 4 === 1)) return undefined;
  const basic = Buffer.from(parts[1]!, 'base64').toString('utf8');
  const colon = basic.indexOf(':');
  if (colon === -1) return undefined;
  const id = decodeCredential(basic.slice(0, colon));
  const secret = decodeCredential(basic.slice(colon + 1));
  return id && secret ? { id, secret } : undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** The stored secrets' digests (a secret is the same for many requests; bounded). */
const storedDigests = new Map<string, Buffer>();

/** Whether the secrets match, in time that says nothing of where they differ or of their lengths (digests compared). */
function sameSecret(stored: unknown, given: string): boolean {
  if (typeof stored !== 'string') return false;
  let digest = storedDigests.get(stored);
  if (!digest) {
    digest = sha256(stored);
    if (storedDigests.size >= DECODED_MAX) storedDigests.delete(storedDigests.keys().next().value as string);
    storedDigests.set(stored, digest);
  }
  return timingSafeEqual(digest, sha256(given));
}

/**
 * A token as the provider makes one (`token-ids.ts`): its creation time, then 32 random bytes in base64url,
 * drawn from the CSPRNG a pool at a time (as oidc-provider's nanoid draws them) without a call each.
 */
let pool = Buffer.alloc(0);
let poolAt = 0;
function tokenValue(): string {
  if (poolAt + 32 > pool.length) {
    pool = randomBytes(32 * 128);
    poolAt = 0;
  }
  const value = creationPrefix() + pool.toString('base64url', poolAt, poolAt + 32);
  // Each byte is used once: what is drawn is overwritten.
  pool.fill(0, poolAt, poolAt + 32);
  poolAt += 32;
  return value;
}

/** The admin application that authenticated with its secret, when it is one the lane may answer for. */
async function authenticated(auth: AuthContext, req: IncomingMessage, params: Record<string, string>): Promise<AdapterPayload | undefined> {
  const credentials = credentialsOf(req, params);
  if (!credentials) return undefined;
  const client = await clientMetadata(auth, credentials.id);
  if (client?.token_endpoint_auth_method !== 'client_secret_basic' || client.client_secret_expires_at) return undefined;
  return sameSecret(client.client_secret, credentials.secret) ? client : undefined;
}

/** The headers oidc-provider answers these two endpoints with (its CORS middleware without an Origin, its no-cache), as `writeHead`'s flat list. */
const HEAD = [
  'vary',
  'Origin',
  'access-control-allow-origin',
  '*',
  'access-control-expose-headers',
  'WWW-Authenticate',
  'cache-control',
  'no-store',
  'content-type',
  'application/json; charset=utf-8',
];

/** A success, written with the turn's other lane answers (`writeInBurst`). */
function answer(res: ServerResponse, body: object): void {
  const json = JSON.stringify(body);
  writeInBurst(res, 200, [...HEAD, 'content-length', String(Buffer.byteLength(json))], json);
}

/** Reads the small body; undefined when the client went away before it ended. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // A client gone before its body ended: nobody to answer (settled, so nothing is left waiting).
    req.on('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}

/**
 * Gives the provider a request whose body the lane has read: oidc-provider reads a body only
 * through `readable` and the request's async `iterator` (its `selective_body.js`), so those two
 * are answered from the bytes already read, as if the stream had not been consumed.
 */
function replay(req: IncomingMessage, body: Buffer): void {
  Object.defineProperty(req, 'readable', { value: true, configurable: true });
  Object.defineProperty(req, 'iterator', {
    configurable: true,
    value: async function* () {
      if (body.length) yield body;
    },
  });
}

export function machineLane(auth: AuthContext, storage: ProviderStorage, accessTokenTTL: number, issuer: string): MachineLane {
  const tokens = storage.model('ClientCredentials');

  const grant = async (req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<boolean> => {
    if (params.grant_type !== 'client_credentials') return false;
    const client = await authenticated(auth, req, params);
    const grants = client?.grant_types as string[] | undefined;
    if (!client || !grants?.includes('client_credentials') || client.dpop_bound_access_tokens || client.tls_client_certificate_bound_access_tokens)
      return false;
    const iat = epoch();
    const jti = tokenValue();
    // The payload oidc-provider stores for a ClientCredentials token without scope, audience or binding.
    const payload: AdapterPayload = { iat, exp: iat + accessTokenTTL, jti, kind: 'ClientCredentials', clientId: client.client_id as string };
    await tokens.upsert(jti, payload, accessTokenTTL);
    answer(res, { access_token: jti, expires_in: accessTokenTTL, token_type: 'Bearer' });
    return true;
  };

  const introspect = async (req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<boolean> => {
    const value = params.token;
    if (!value || !OPAQUE.test(value)) return false;
    const client = await authenticated(auth, req, params);
    if (!client) return false;
    const token = await tokens.find(value);
    if (!token || token.jti !== value || token.kind !== 'ClientCredentials' || token.clientId !== client.client_id) return false;
    if (!Object.keys(token).every((k) => PLAIN_TOKEN_KEYS.has(k))) return false;
    const { iat, exp, scope } = token as { iat?: unknown; exp?: unknown; scope?: unknown };
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= epoch()) return false;
    answer(res, { active: true, client_id: token.clientId, exp, iat, iss: issuer, ...(scope ? { scope } : {}), token_type: 'Bearer' });
    return true;
  };

  return {
    serve(req, res, next) {
      if (!eligible(req)) return next();
      return readBody(req).then(async (body) => {
        if (!body) return;
        const path = req.url;
        const params = paramsOf(body, path === TOKEN ? TOKEN_PARAMS : INTROSPECT_PARAMS);
        const served = params ? await (path === TOKEN ? grant : introspect)(req, res, params) : false;
        if (served) return;
        replay(req, body);
        return next();
      });
    },
  };
}
