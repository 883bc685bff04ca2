// The passkey sign-in case of `npm run bench`: the tests' software authenticator (ES256,
// attestation "none"), reporting signature counter 0 as platform passkeys do, and the ceiling
// it is compared with: bare ES256 verifications per second through WebCrypto, the API
// @simplewebauthn/server verifies with (its jobs run on libuv's pool, so on every core).
import { generateKeyPairSync, randomBytes, sign, webcrypto } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { SoftAuthenticator } = await import(pathToFileURL(join(ROOT, 'packages/core/dist/plugins/passkey/soft-authenticator.js')).href);

/**
 * One passkey: what `navigator.credentials.create` and `.get` would answer for it, as JSON.
 * Its counter stays 0, so that assertions made beforehand may be sent in any order.
 */
export function softPasskey(origin) {
  const authenticator = new SoftAuthenticator(origin);
  return {
    register: (options) => authenticator.register(options, { counter: 0 }),
    authenticate: (options) => authenticator.authenticate(options, { counter: 0 }),
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
