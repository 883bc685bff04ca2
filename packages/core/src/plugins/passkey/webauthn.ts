/**
 * @simplewebauthn/server, loaded the first time a ceremony needs it: it brings an ASN.1 and
 * X.509 stack (about 700 kB of code and 4 MB of resident memory once loaded) that a service
 * without passkeys never needs. The server's bundle leaves it outside for the same reason.
 */
import { loadPeer, sharedUntilFailure } from '../../kit.js';

/** The library, imported at the first call; a failed import is not kept: the next ceremony tries again. */
export const webauthn: () => Promise<typeof import('@simplewebauthn/server')> = sharedUntilFailure(() =>
  loadPeer('@simplewebauthn/server', () => import('@simplewebauthn/server')),
);

/** Bytes as base64url without padding, as WebAuthn's JSON carries them. */
export const toBase64URL = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');

/** base64url text as bytes (a fresh Uint8Array, not a Buffer view of Node's pool). */
export const fromBase64URL = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'base64url'));
