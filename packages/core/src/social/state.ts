import { createHash } from 'node:crypto';
import type { AuthContext } from '../context.js';
import { randomString } from '../crypto/random.js';
import type { Row } from '../db/types.js';
import { fail } from '../errors.js';

/** Spec section 9: state 32 characters, code verifier 128, valid 10 minutes. */
const STATE_LENGTH = 32;
const VERIFIER_LENGTH = 128;
export const STATE_TTL_MS = 10 * 60 * 1000;
/** RFC 7636 4.1: the verifier's alphabet is the unreserved characters. */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export interface StateData {
  callbackURL: string;
  codeVerifier: string;
  errorURL: string;
  newUserURL?: string;
  expiresAt: number;
  link?: { email: string; userId: string };
  /** The provider the flow was started for: a state is not accepted at another provider's callback. */
  providerId: string;
  /** Sign-up was asked for explicitly (for `disableImplicitSignUp`). */
  requestSignUp?: boolean;
  /** Scopes the request added to the defaults, recorded on the account when the provider does not echo them. */
  scopes?: string[];
}

const STATE_FORMAT = /^[A-Za-z0-9]{32}$/;
const stateIdentifier = (state: string) => `oauth-state:${state}`;

export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Stores a new flow's state as a verification row (identifier = state). */
export async function createState(auth: AuthContext, data: Omit<StateData, 'codeVerifier' | 'expiresAt'>): Promise<{ state: string; codeVerifier: string }> {
  const state = randomString(STATE_LENGTH);
  const codeVerifier = randomString(VERIFIER_LENGTH, UNRESERVED);
  const expiresAt = auth.now() + STATE_TTL_MS;
  const value: StateData = { ...data, codeVerifier, expiresAt };
  const row = await auth.adapter.create('verification', { identifier: stateIdentifier(state), value: JSON.stringify(value), expiresAt: new Date(expiresAt) });
  if (!row) fail('INTERNAL_SERVER_ERROR', 'UNABLE_TO_CREATE_VERIFICATION');
  return { state, codeVerifier };
}

export type StateRead = { ok: true; data: StateData } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'expired'; errorURL: string };

/**
 * Reads a state once: the row is deleted before it is used, and only the
 * caller whose delete removed it may go on (two racing callbacks: one wins).
 */
export async function consumeState(auth: AuthContext, state: string): Promise<StateRead> {
  // Only a well-formed state names a row, and only a state row: a forged `state` must
  // never reach another kind of verification row (a lockout, a code) and delete it.
  if (!STATE_FORMAT.test(state)) return { ok: false, reason: 'not_found' };
  const row = await auth.adapter.findOne<Row & { value: string; expiresAt: Date }>('verification', [{ field: 'identifier', value: stateIdentifier(state) }]);
  if (!row) return { ok: false, reason: 'not_found' };
  const removed = await auth.adapter.delete('verification', [{ field: 'id', value: row.id }]);
  if (removed === 0) return { ok: false, reason: 'not_found' };
  let data: StateData;
  try {
    data = JSON.parse(row.value) as StateData;
  } catch {
    return { ok: false, reason: 'not_found' };
  }
  if (typeof data?.codeVerifier !== 'string' || typeof data.callbackURL !== 'string') return { ok: false, reason: 'not_found' };
  const expiresAt = Math.min(Number(data.expiresAt) || 0, row.expiresAt.getTime());
  if (expiresAt <= auth.now()) return { ok: false, reason: 'expired', errorURL: data.errorURL };
  return { ok: true, data };
}
