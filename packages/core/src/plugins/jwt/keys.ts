import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { type Adapter, type Encrypter, generateId, type Row } from '../../kit.js';
import type { JwtAlgorithm, JwtConfig } from './config.js';

interface JwksRow extends Row {
  id: string;
  publicKey: string;
  privateKey: string;
  alg: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A key that signs: its id (the `kid`), algorithm and private key. */
export interface SigningKey {
  kid: string;
  alg: JwtAlgorithm;
  key: CryptoKey | Uint8Array;
  /** When it stops signing. */
  expiresAt: number;
}

/** A published public key, as /jwks answers it. */
export type PublicJwk = JWK & { kid: string; alg: string; use: 'sig' };

/**
 * The signing keys: made on first use, the private half encrypted at rest, a new one made
 * once the current one's `rotationInterval` has passed. A key stays published until every
 * token it signed has expired, plus `gracePeriod`; then it is deleted. Several instances
 * over one database may each make a key at a rotation: both are published, either signs.
 */
export class KeySet {
  private current: SigningKey | undefined;
  private making: Promise<SigningKey> | undefined;

  constructor(private readonly deps: { adapter: Adapter; encrypter: Encrypter; config: JwtConfig; now(): number }) {}

  /** The key to sign with now. */
  async signingKey(): Promise<SigningKey> {
    const now = this.deps.now();
    if (this.current && this.current.expiresAt > now) return this.current;
    this.making ??= this.findOrMake(now).finally(() => {
      this.making = undefined;
    });
    this.current = await this.making;
    return this.current;
  }

  /** The key to sign with now when it is at hand (no key to find or make first), else undefined. */
  ready(): SigningKey | undefined {
    const { current } = this;
    return current && current.expiresAt > this.deps.now() ? current : undefined;
  }

  /** The public keys a verifier may meet: the signing ones and those whose tokens may still be live. */
  async publicKeys(): Promise<PublicJwk[]> {
    const rows = await this.deps.adapter.findMany<JwksRow>('jwks', {
      where: [{ field: 'expiresAt', value: new Date(this.deps.now() - this.retention()), operator: 'gt' }],
      sortBy: { field: 'createdAt', direction: 'desc' },
    });
    return rows.map((row) => ({ ...(JSON.parse(row.publicKey) as JWK), kid: row.id, alg: row.alg, use: 'sig' }));
  }

  /** How long after it stops signing a key stays published. */
  private retention(): number {
    return (this.deps.config.expirationTime + this.deps.config.gracePeriod) * 1000;
  }

  private async findOrMake(now: number): Promise<SigningKey> {
    const { adapter, encrypter, config } = this.deps;
    const [latest] = await adapter.findMany<JwksRow>('jwks', {
      where: [
        { field: 'expiresAt', value: new Date(now), operator: 'gt' },
        { field: 'alg', value: config.alg },
      ],
      sortBy: { field: 'createdAt', direction: 'desc' },
      limit: 1,
    });
    if (latest) {
      const plain = encrypter.decrypt(latest.privateKey);
      if (plain) return { kid: latest.id, alg: config.alg, key: await importJWK(JSON.parse(plain) as JWK, config.alg), expiresAt: latest.expiresAt.getTime() };
      // A key sealed with a secret no longer configured cannot sign: a new one takes over.
    }
    const { publicKey, privateKey } = await generateKeyPair(config.alg, { extractable: true, ...(config.alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
    const kid = generateId();
    const expiresAt = now + config.rotationInterval * 1000;
    await adapter.create('jwks', {
      id: kid,
      publicKey: JSON.stringify(await exportJWK(publicKey)),
      privateKey: encrypter.encrypt(JSON.stringify(await exportJWK(privateKey))),
      alg: config.alg,
      createdAt: new Date(now),
      expiresAt: new Date(expiresAt),
    });
    // Keys whose every token has expired, grace included, are no longer needed by anyone.
    await adapter.delete('jwks', [{ field: 'expiresAt', value: new Date(now - this.retention()), operator: 'lte' }]);
    return { kid, alg: config.alg, key: privateKey, expiresAt };
  }
}
