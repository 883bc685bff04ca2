import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AuthContext } from '../../context.js';

type KeyRow = {
  kid: string;
  alg: string;
  privateKey: string;
  createdAt: Date;
}

/** The algorithms the provider signs with: RS256 (every client supports it; OpenID's default) and ES256. */
const ALGORITHMS = ['RS256', 'ES256'] as const;

async function newKey(alg: (typeof ALGORITHMS)[number]): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg, use: 'sig' };
}

/**
 * The provider's signing keys, oldest first (oidc-provider signs with the first key of an
 * algorithm and publishes all of them): generated on first start, kept encrypted in
 * `oidcSigningKey`. Two instances starting together may both generate; each then reads back
 * every stored key, and the oldest of each algorithm signs.
 */
export async function signingKeys(auth: AuthContext): Promise<JWK[]> {
  const load = () => auth.adapter.findMany<KeyRow>('oidcSigningKey', { sortBy: { field: 'createdAt', direction: 'asc' } });
  let rows = await load();
  const missing = ALGORITHMS.filter((alg) => !rows.some((r) => r.alg === alg));
  if (missing.length) {
    for (const alg of missing) {
      const jwk = await newKey(alg);
      await auth.adapter.create('oidcSigningKey', { kid: jwk.kid, alg, privateKey: auth.encrypter.encrypt(JSON.stringify(jwk)), createdAt: new Date(auth.now()) });
    }
    rows = await load();
  }
  const keys: JWK[] = [];
  for (const row of rows) {
    const plain = auth.encrypter.decrypt(row.privateKey);
    if (plain) keys.push(JSON.parse(plain) as JWK);
    else auth.logger.warn({ kid: row.kid }, 'an OpenID signing key cannot be decrypted with the configured secrets; it is left out');
  }
  return keys;
}
