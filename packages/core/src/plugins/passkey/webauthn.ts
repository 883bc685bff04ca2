/**
 * @simplewebauthn/server, loaded the first time a ceremony needs it: it brings an ASN.1 and
 * X.509 stack (about 700 kB of code and 4 MB of resident memory once loaded) that a service
 * without passkeys never needs. The server's bundle leaves it outside for the same reason.
 */
type WebAuthn = typeof import('@simplewebauthn/server');

let loaded: Promise<WebAuthn> | undefined;

export function webauthn(): Promise<WebAuthn> {
  if (!loaded) {
    loaded = import('@simplewebauthn/server');
    // A failed load is not kept: the next ceremony tries again.
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

/** Bytes as base64url without padding, as WebAuthn's JSON carries them. */
export const toBase64URL = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');

/** base64url text as bytes (a fresh Uint8Array, not a Buffer view of Node's pool). */
export const fromBase64URL = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'base64url'));
