// The passkey sign-in case of `npm run bench`: a software authenticator (ES256, attestation
// "none", signature counter 0 as platform passkeys report it) and the ceiling it is compared
// with: bare ES256 verifications per second through WebCrypto, the API @simplewebauthn/server
// verifies with (its jobs run on libuv's pool, so on every core).
import { createHash, generateKeyPairSync, randomBytes, sign, webcrypto } from 'node:crypto';
import { availableParallelism } from 'node:os';

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

/** CBOR, only as far as a "none" attestation needs: small integers, byte and text strings, maps. */
function cbor(value) {
  const head = (major, n) => (n < 24 ? Buffer.from([(major << 5) | n]) : n < 256 ? Buffer.from([(major << 5) | 24, n]) : Buffer.from([(major << 5) | 25, n >> 8, n & 255]));
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const pairs = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, pairs.length), ...pairs.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

/** One passkey: what `navigator.credentials.create` and `.get` would answer for it, as JSON. */
export function softPasskey(origin) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  let userHandle;
  const flags = (attested) => Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]); // present, verified
  const clientData = (type, challenge) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    register(options) {
      userHandle = options.user?.id;
      const { x, y } = publicKey.export({ format: 'jwk' });
      const key = cbor(new Map([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(x, 'base64url')], [-3, Buffer.from(y, 'base64url')]]));
      const length = Buffer.from([0, credentialId.length]);
      const authData = Buffer.concat([sha256(options.rp.id), flags(true), Buffer.alloc(4), Buffer.alloc(16), length, credentialId, key]);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge)), attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    authenticate(options) {
      const authData = Buffer.concat([sha256(options.rpId), flags(false), Buffer.alloc(4)]);
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature), ...(userHandle ? { userHandle } : {}) },
        clientExtensionResults: {},
      };
    },
  };
}

/** ES256 verifications per second through WebCrypto, enough of them in flight to keep every core busy. */
export async function es256VerifyBound(seconds) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = await webcrypto.subtle.importKey('jwk', publicKey.export({ format: 'jwk' }), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const data = randomBytes(300);
  const signature = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
  let done = 0;
  let stop = false;
  const started = performance.now();
  const worker = async () => {
    while (!stop) {
      if (!(await webcrypto.subtle.verify(algorithm, key, signature, data))) throw new Error('ES256 bound: a good signature did not verify');
      if (!stop) done++;
    }
  };
  const all = Array.from({ length: availableParallelism() * 4 }, worker);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(all);
  return done / elapsed;
}
