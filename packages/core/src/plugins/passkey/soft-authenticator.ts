/**
 * A software WebAuthn authenticator, for tests and the bench only (the product checks
 * everything through @simplewebauthn/server): an ES256 key pair, attestation `none` in real
 * CBOR, assertions signed over authenticatorData ‖ SHA-256(clientDataJSON). Overrides let a
 * test lie about the origin, the RP id, user verification or the counter. Built into dist
 * (not exported from the package) so that `bench/passkey.mjs` runs the same one.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The CBOR subset attestation needs: integers, byte and text strings, arrays, maps. */
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const bytes = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  /** Leave the user-verified flag off. */
  noUserVerification?: boolean;
  /** The signature counter to report (default: one more than last time). */
  counter?: number;
  /** Sign a different challenge than the options'. */
  challenge?: string;
}

/** The part of the ceremonies' options the authenticator reads. */
export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | null = null;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, o: CeremonyOverrides, attested: boolean): Buffer {
    const counter = o.counter ?? this.counter + 1;
    this.counter = counter;
    const flags = 0x01 | (o.noUserVerification ? 0 : 0x04) | (attested ? 0x40 : 0);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter, 0);
    const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), c];
    if (attested) {
      const jwk = this.publicKey.export({ format: 'jwk' });
      const cose = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(this.credentialId.length, 0);
      parts.push(Buffer.alloc(16), len, this.credentialId, cbor(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, options: CeremonyOptions, o: CeremonyOverrides): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: o.challenge ?? options.challenge, origin: o.origin ?? this.origin, crossOrigin: false }));
  }

  /** What `navigator.credentials.create(options)` gives, as JSON. */
  register(options: CeremonyOptions, o: CeremonyOverrides = {}) {
    this.userHandle = options.user?.id ?? null;
    const authData = this.authData(o.rpId ?? options.rp?.id ?? 'localhost', { ...o, counter: o.counter ?? 0 }, true);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options, o)),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What `navigator.credentials.get(options)` gives, as JSON. */
  authenticate(options: CeremonyOptions, o: CeremonyOverrides = {}) {
    const authData = this.authData(o.rpId ?? options.rpId ?? 'localhost', o, false);
    const clientDataJSON = this.clientData('webauthn.get', options, o);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
