import { type AuthContext, randomString, type Row } from '../../kit.js';
import { digest } from './store.js';

/** A SAML sign-in waiting for its answer: kept server-side, found by its RelayState, used once. */
export interface SamlRequestState {
  providerId: string;
  requestId: string;
  callbackURL: string;
  errorURL: string;
  newUserURL?: string;
  requestSignUp?: boolean;
  /** A "Test connection" run by this user: the answer is reported to them, nobody is signed in. */
  testBy?: string;
  /** Digest of the starting browser's flow cookie (browser.ts): the ACS goes on only in that browser. */
  browser?: string;
  expiresAt: number;
}

const RELAY_FORMAT = /^[A-Za-z0-9]{32}$/;
const relayIdentifier = (relayState: string) => `sso-saml-relay:${relayState}`;

/** Stores a new request; answers its RelayState and AuthnRequest ID. */
export async function createSamlRequest(auth: AuthContext, data: Omit<SamlRequestState, 'requestId' | 'expiresAt'>, ttlMs: number) {
  const relayState = randomString(32);
  // An xs:ID must not start with a digit.
  const requestId = `_${randomString(32)}`;
  const expiresAt = auth.now() + ttlMs;
  const value: SamlRequestState = { ...data, requestId, expiresAt };
  await auth.adapter.create('verification', { identifier: relayIdentifier(relayState), value: JSON.stringify(value), expiresAt: new Date(expiresAt) });
  return { relayState, requestId };
}

export type SamlRequestRead = { ok: true; data: SamlRequestState } | { ok: false; errorURL?: string };

/** Takes the request a RelayState names, once: the row is deleted first, and only whoever deleted it goes on. */
export async function consumeSamlRequest(auth: AuthContext, relayState: string): Promise<SamlRequestRead> {
  if (!RELAY_FORMAT.test(relayState)) return { ok: false };
  const row = await auth.adapter.findOne<Row & { id: string; value: string; expiresAt: Date }>('verification', [
    { field: 'identifier', value: relayIdentifier(relayState) },
  ]);
  if (!row) return { ok: false };
  if ((await auth.adapter.delete('verification', [{ field: 'id', value: row.id }])) === 0) return { ok: false };
  let data: SamlRequestState;
  try {
    data = JSON.parse(row.value) as SamlRequestState;
  } catch {
    return { ok: false };
  }
  if (typeof data?.requestId !== 'string' || typeof data.callbackURL !== 'string') return { ok: false };
  if (Math.min(data.expiresAt, row.expiresAt.getTime()) <= auth.now()) return { ok: false, errorURL: data.errorURL };
  return { ok: true, data };
}

/**
 * Records an assertion ID as used (until `expiresAt`); false when it was used already: the
 * unique key makes two instances racing with the same assertion agree that one of them lost.
 */
export async function markAssertionUsed(auth: AuthContext, providerId: string, assertionId: string, expiresAt: number): Promise<boolean> {
  const now = Date.now();
  await auth.adapter.delete('ssoAssertion', [{ field: 'expiresAt', value: new Date(now), operator: 'lt' }]);
  try {
    await auth.adapter.create('ssoAssertion', { key: digest(`${providerId} ${assertionId}`), expiresAt: new Date(expiresAt) });
    return true;
  } catch (e) {
    if (auth.database.caps.isUniqueViolation(e)) return false;
    throw e;
  }
}
