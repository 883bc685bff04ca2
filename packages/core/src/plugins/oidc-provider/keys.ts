import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AuthContext } from '../../kit.js';

type KeyRow = {
  id: string;
  kid: string;
  alg: string;
  privateKey: string;
  createdAt: Date;
  /** When it stops signing; null for a key stored before rotation existed (createdAt + the interval). */
  expiresAt: Date | null;
};

/** The algorithms the provider signs with: RS256 (every client supports it; OpenID's default) and ES256. */
const ALGORITHMS = ['RS256', 'ES256'] as const;

/** What rotation needs to know: how long a key signs, and how long its last tokens live. */
export interface KeyPolicy {
  /** Seconds a key signs before a new one takes over. */
  rotationInterval: number;
  /** Seconds a key stays published after it stopped signing: the longest a token it signed lives, plus a margin. */
  retention: number;
}

/** A key set as oidc-provider takes it: the signing key of each algorithm first, then the retired ones (verify only). */
export interface KeySet {
  keys: JWK[];
  /** The key ids in order, to tell whether the set changed. */
  fingerprint: string;
  /** When the first signing key stops signing (ms): the set must be read again then. */
  changesAt: number;
}

async function newKey(auth: AuthContext, alg: (typeof ALGORITHMS)[number], now: number, policy: KeyPolicy): Promise<void> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg, use: 'sig' };
  await auth.adapter.create('oidcSigningKey', {
    kid: jwk.kid,
    alg,
    privateKey: auth.encrypter.encrypt(JSON.stringify(jwk)),
    createdAt: new Date(now),
    expiresAt: new Date(now + policy.rotationInterval * 1000),
  });
}

const stopsAt = (row: KeyRow, policy: KeyPolicy) => (row.expiresAt ?? new Date(row.createdAt.getTime() + policy.rotationInterval * 1000)).getTime();

/**
 * The provider's signing keys, kept encrypted in `oidcSigningKey` as the jwt plugin keeps its
 * own: made on first start, a new one of each algorithm once the current one's
 * `rotationInterval` has passed. A key that stopped signing stays published (verify only)
 * for `retention`, until every ID token it signed has expired, then it is deleted. Of the
 * keys still signing, the oldest signs: instances over one database that made a key each at
 * the same rotation agree on it once they have read both.
 */
export async function loadKeySet(auth: AuthContext, policy: KeyPolicy): Promise<KeySet> {
  const now = auth.now();
  const load = async () => {
    const rows = await auth.adapter.findMany<KeyRow>('oidcSigningKey', { sortBy: { field: 'createdAt', direction: 'asc' } });
    return rows.filter((r) => stopsAt(r, policy) + policy.retention * 1000 > now);
  };
  let rows = await load();
  const missing = ALGORITHMS.filter((alg) => !rows.some((r) => r.alg === alg && stopsAt(r, policy) > now && auth.encrypter.decrypt(r.privateKey)));
  if (missing.length) {
    for (const alg of missing) await newKey(auth, alg, now, policy);
    // Keys whose every token has expired are no longer needed by anyone.
    for (const row of await auth.adapter.findMany<KeyRow>('oidcSigningKey')) {
      if (stopsAt(row, policy) + policy.retention * 1000 <= now) await auth.adapter.delete('oidcSigningKey', [{ field: 'id', value: row.id }]);
    }
    rows = await load();
  }
  const signing: JWK[] = [];
  const retired: JWK[] = [];
  let changesAt = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const plain = auth.encrypter.decrypt(row.privateKey);
    if (!plain) {
      auth.logger.warn({ kid: row.kid }, 'an OpenID signing key cannot be decrypted with the configured secrets; it is left out');
      continue;
    }
    const jwk = JSON.parse(plain) as JWK;
    const stops = stopsAt(row, policy);
    if (stops > now && !signing.some((k) => k.alg === jwk.alg)) {
      signing.push(jwk);
      changesAt = Math.min(changesAt, stops);
    } else {
      // oidc-provider signs only with keys whose key_ops allow it: this one is published to verify.
      retired.push({ ...jwk, key_ops: ['verify'] });
      if (stops > now) changesAt = Math.min(changesAt, stops);
    }
  }
  const keys = [...signing, ...retired];
  return { keys, fingerprint: keys.map((k) => `${k.kid}${k.key_ops ? '-' : '+'}`).join(','), changesAt };
}
