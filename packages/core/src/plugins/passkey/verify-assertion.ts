/**
 * A sign-in assertion checked as @simplewebauthn/server's `verifyAuthenticationResponse` checks
 * it (14.x, the same steps in the same order, with its own parsers: client data, authenticator
 * data, the COSE key), with the hashing and, for ES256 keys on P-256 (what platform passkeys
 * make), the signature done by node:crypto (on the thread pool) with a public key made once
 * per stored key. The library hashes the RP id and the client data and imports the key on every
 * call through WebCrypto, each a job on the thread pool and a promise: about a quarter of a
 * passkey sign-in's CPU. An assertion of any other key (RSA, Ed25519, P-384, …) is checked by the
 * library itself, as before; an ES256 signature that node:crypto's strict DER reading refuses is
 * judged by the library's own `verifySignature`, so that nothing it accepts is refused.
 */
import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { loadPeer, sharedUntilFailure } from '../../kit.js';
import { type Passkey, transportsOf } from './store.js';
import { fromBase64URL, webauthn } from './webauthn.js';

/** An assertion as the browser's JSON gives it (`assertion.ts` validates its shape). */
interface Assertion {
  id: string;
  rawId: string;
  type: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

/** The library's parsers and its signature check, loaded with it. */
const helpers: () => Promise<typeof import('@simplewebauthn/server/helpers')> = sharedUntilFailure(() =>
  loadPeer('@simplewebauthn/server', () => import('@simplewebauthn/server/helpers')),
);

/** COSE: key type EC2, curve P-256, algorithm ES256; the map's labels (RFC 9053). */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, P256: 1, ES256: -7 } as const;

/** A stored public key, decoded once: its COSE algorithm and, for ES256 on P-256, node:crypto's key. */
interface StoredKey {
  es256?: KeyObject;
}

/** How many stored keys are kept decoded (by their stored base64url text); the oldest goes first. */
const KEY_MEMO_SIZE = 1_000;
const keys = new Map<string, StoredKey>();
const rpIdHashes = new Map<string, Buffer>();

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function storedKey(h: Awaited<ReturnType<typeof helpers>>, publicKey: string): StoredKey {
  let found = keys.get(publicKey);
  if (found) return found;
  found = {};
  let cose: Map<number, unknown> | undefined;
  try {
    cose = h.decodeCredentialPublicKey(fromBase64URL(publicKey)) as unknown as Map<number, unknown>;
  } catch {
    // Not a key this path knows: the library judges it (and refuses it as before).
  }
  const x = cose?.get(COSE.x);
  const y = cose?.get(COSE.y);
  if (
    cose?.get(COSE.kty) === COSE.EC2 &&
    cose.get(COSE.crv) === COSE.P256 &&
    cose.get(COSE.alg) === COSE.ES256 &&
    x instanceof Uint8Array &&
    y instanceof Uint8Array
  ) {
    const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
    found.es256 = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(x), y: b64(y) }, format: 'jwk' });
  }
  if (keys.size >= KEY_MEMO_SIZE) keys.delete(keys.keys().next().value as string);
  keys.set(publicKey, found);
  return found;
}

/**
 * node:crypto's ES256 check as a job on the thread pool: the signature is most of a sign-in's
 * crypto, and the request's own thread goes on with other requests meanwhile. A signature it
 * cannot read answers false (the caller then asks the library).
 */
function verifyOnPool(data: Uint8Array, key: KeyObject, signature: Uint8Array): Promise<boolean> {
  return new Promise((resolve) => verify('sha256', data, key, signature, (error, ok) => resolve(!error && ok)));
}

function rpIdHash(rpID: string): Buffer {
  let found = rpIdHashes.get(rpID);
  if (!found) {
    found = sha256(Buffer.from(rpID, 'ascii'));
    rpIdHashes.set(rpID, found);
  }
  return found;
}

/**
 * Checks `response` against the challenge, the origins and the RP id, requiring user presence
 * and verification, and its signature against the stored key (`publicKey`, base64url COSE as the
 * passkey table keeps it). Throws on any failure, as the library does; answers the signature's
 * verdict and the authenticator's counter.
 */
export async function verifyAssertion(opts: {
  response: Assertion;
  expectedChallenge: string;
  expectedOrigin: readonly string[];
  expectedRPID: string;
  passkey: Pick<Passkey, 'credentialID' | 'publicKey' | 'transports'>;
}): Promise<{ verified: boolean; newCounter: number }> {
  const h = await helpers();
  const key = storedKey(h, opts.passkey.publicKey);
  if (!key.es256) return libraryVerdict(opts);
  const { id, rawId, type: credentialType, response: assertion } = opts.response;
  if (!id) throw new Error('Missing credential ID');
  if (id !== rawId) throw new Error('Credential ID was not base64url-encoded');
  if (credentialType !== 'public-key') throw new Error(`Unexpected credential type ${credentialType}, expected "public-key"`);
  if (!assertion) throw new Error('Credential missing response');
  if (typeof assertion.clientDataJSON !== 'string') throw new Error('Credential response clientDataJSON was not a string');
  const clientData = h.decodeClientDataJSON(assertion.clientDataJSON);
  const { type, origin, challenge, tokenBinding, topOrigin } = clientData;
  if (type !== 'webauthn.get') throw new Error(`Unexpected authentication response type: ${type}`);
  if (challenge !== opts.expectedChallenge) throw new Error('Unexpected authentication response challenge');
  // No top origin is expected: one inside a cross-origin frame, or one said outside any, is refused (the library's rule without `expectedTopOrigin`).
  if (topOrigin) throw new Error(`Unexpected top origin "${topOrigin}"`);
  if (!opts.expectedOrigin.includes(origin)) throw new Error(`Unexpected authentication response origin "${origin}"`);
  if (!h.isoBase64URL.isBase64URL(assertion.authenticatorData)) throw new Error('Credential response authenticatorData was not a base64url string');
  if (!h.isoBase64URL.isBase64URL(assertion.signature)) throw new Error('Credential response signature was not a base64url string');
  if (assertion.userHandle && typeof assertion.userHandle !== 'string') throw new Error('Credential response userHandle was not a string');
  if (tokenBinding) {
    if (typeof tokenBinding !== 'object') throw new Error('ClientDataJSON tokenBinding was not an object');
    if (!['present', 'supported', 'notSupported'].includes(tokenBinding.status)) throw new Error(`Unexpected tokenBinding status ${tokenBinding.status}`);
  }
  const authData = h.isoBase64URL.toBuffer(assertion.authenticatorData);
  const { rpIdHash: rpIdHashOf, flags, counter } = h.parseAuthenticatorData(authData);
  if (!rpIdHashOf || !rpIdHash(opts.expectedRPID).equals(rpIdHashOf)) throw new Error('Unexpected RP ID hash');
  if (!flags.up) throw new Error('User not present during authentication');
  if (!flags.uv) throw new Error('User verification required, but user could not be verified');
  const data = Buffer.concat([authData, sha256(h.isoBase64URL.toBuffer(assertion.clientDataJSON))]);
  const signature = h.isoBase64URL.toBuffer(assertion.signature);
  // node:crypto reads the DER signature strictly; what it refuses, the library judges as before.
  if (await verifyOnPool(data, key.es256, signature)) return { verified: true, newCounter: counter };
  const credentialPublicKey = fromBase64URL(opts.passkey.publicKey);
  return { verified: await h.verifySignature({ signature, data: new Uint8Array(data), credentialPublicKey }), newCounter: counter };
}

/** The library's own check of the whole assertion, for keys this path does not verify itself. */
async function libraryVerdict(opts: Parameters<typeof verifyAssertion>[0]): Promise<{ verified: boolean; newCounter: number }> {
  const { verifyAuthenticationResponse } = await webauthn();
  const { passkey } = opts;
  const verified = await verifyAuthenticationResponse({
    response: { clientExtensionResults: {}, ...opts.response } as AuthenticationResponseJSON,
    expectedChallenge: opts.expectedChallenge,
    expectedOrigin: [...opts.expectedOrigin],
    expectedRPID: opts.expectedRPID,
    requireUserVerification: true,
    // The counter is compared by the caller, once the signature is known to be good.
    credential: { id: passkey.credentialID, publicKey: fromBase64URL(passkey.publicKey), counter: 0, transports: transportsOf(passkey) as never },
  });
  return { verified: verified.verified, newCounter: verified.authenticationInfo.newCounter };
}
