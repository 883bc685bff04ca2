import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { cbor } from './soft-authenticator.js';
import { verifyAssertion } from './verify-assertion.js';

const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const CHALLENGE = 'c2lnbi1pbi1jaGFsbGVuZ2UtMDEyMzQ1Njc4OQ';
const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest();
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** A key as the passkey table stores it: base64url COSE (EC2 P-256 ES256, or Ed25519 EdDSA). */
function storedKey(publicKey: KeyObject, kind: 'es256' | 'ed25519'): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const cose =
    kind === 'es256'
      ? new Map<number, number | Buffer>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ])
      : new Map<number, number | Buffer>([
          [1, 1],
          [3, -8],
          [-1, 6],
          [-2, Buffer.from(jwk.x!, 'base64url')],
        ]);
  return b64(cbor(cose));
}

interface Variant {
  clientData?: Record<string, unknown>;
  rpId?: string;
  flags?: number;
  /** Changes the DER signature before it is sent. */
  signature?: (der: Buffer) => Buffer;
  key?: KeyObject;
}

/** An assertion signed by `privateKey` (or a variant's other key), as a browser's JSON gives it. */
function assertion(privateKey: KeyObject, ed25519: boolean, v: Variant = {}) {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(7, 0);
  const authData = Buffer.concat([sha256(v.rpId ?? RP_ID), Buffer.from([v.flags ?? 0x05]), counter]);
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: CHALLENGE, origin: ORIGIN, crossOrigin: false, ...v.clientData }));
  const data = Buffer.concat([authData, sha256(clientData)]);
  let signature: Buffer = sign(ed25519 ? null : 'sha256', data, v.key ?? privateKey);
  if (v.signature) signature = v.signature(signature);
  const id = b64('credential-id');
  return { id, rawId: id, type: 'public-key', response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) } };
}

/** An outcome as a word: the verdict, or that it was refused by a throw. */
async function outcome(check: () => Promise<{ verified: boolean; newCounter: number }>): Promise<string> {
  try {
    const { verified, newCounter } = await check();
    return `${verified} ${newCounter}`;
  } catch {
    return 'refused';
  }
}

/** r with a superfluous leading zero byte: valid BER, not DER. */
function paddedR(der: Buffer): Buffer {
  const rLength = der[3]!;
  const r = der.subarray(4, 4 + rLength);
  const rest = der.subarray(4 + rLength);
  const body = Buffer.concat([Buffer.from([0x02, rLength + 1, 0x00]), r, rest]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

describe('passkey: the assertion is judged as @simplewebauthn/server judges it', () => {
  for (const kind of ['es256', 'ed25519'] as const) {
    it(`the same verdict for each good and bad assertion (${kind})`, async () => {
      const pair = kind === 'es256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519');
      const other = kind === 'es256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519');
      const publicKey = storedKey(pair.publicKey, kind);
      const variants: Record<string, Variant> = {
        good: {},
        'another origin': { clientData: { origin: 'https://evil.example' } },
        'another RP id': { rpId: 'evil.example' },
        'no user verification': { flags: 0x01 },
        'no user presence': { flags: 0x04 },
        'another challenge': { clientData: { challenge: 'b3RoZXI' } },
        'a registration': { clientData: { type: 'webauthn.create' } },
        'a top origin': { clientData: { crossOrigin: true, topOrigin: 'https://evil.example' } },
        'a top origin outside any frame': { clientData: { topOrigin: ORIGIN } },
        'a cross-origin frame without top origin': { clientData: { crossOrigin: true } },
        'a bad token binding': { clientData: { tokenBinding: { status: 'maybe' } } },
        'signed by another key': { key: other.privateKey },
        'a changed signature': { signature: (s) => Buffer.concat([s.subarray(0, s.length - 1), Buffer.from([s[s.length - 1]! ^ 1])]) },
        ...(kind === 'es256' ? { 'r not minimally encoded': { signature: paddedR } } : {}),
      };
      for (const [name, variant] of Object.entries(variants)) {
        const response = assertion(pair.privateKey, kind === 'ed25519', variant);
        const ours = await outcome(() =>
          verifyAssertion({
            response,
            expectedChallenge: CHALLENGE,
            expectedOrigin: [ORIGIN],
            expectedRPID: RP_ID,
            passkey: { credentialID: response.id, publicKey, transports: null },
          }),
        );
        const theirs = await outcome(async () => {
          const r = await verifyAuthenticationResponse({
            response: { ...response, clientExtensionResults: {} } as never,
            expectedChallenge: CHALLENGE,
            expectedOrigin: [ORIGIN],
            expectedRPID: RP_ID,
            requireUserVerification: true,
            credential: { id: response.id, publicKey: new Uint8Array(Buffer.from(publicKey, 'base64url')), counter: 0 },
          });
          return { verified: r.verified, newCounter: r.authenticationInfo.newCounter };
        });
        expect({ name, verdict: ours }).toEqual({ name, verdict: theirs });
        if (name === 'good') expect(ours).toBe('true 7');
      }
    });
  }
});
