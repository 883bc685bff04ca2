import { type EndpointContext, randomString } from '../../kit.js';
import { PENDING_SECONDS, ids, twoFactorConfig, type VerificationRow } from './config.js';
import { twoFactorError } from './errors.js';

/**
 * A sign-in waiting for its second factor. The browser holds only a signed random id
 * (the two-factor cookie); the record says whose sign-in it is. No session exists yet.
 */
export interface PendingSignIn {
  row: VerificationRow;
  userId: string;
  rememberMe: boolean;
  attempts: number;
  /** How the first factor was given (the sign-in's audit says so once the second is given). */
  method: string;
}

interface PendingValue {
  userId: string;
  rememberMe: boolean;
  attempts: number;
  method?: string;
}

const cookieName = (c: EndpointContext) => c.auth.cookies.named('two_factor');

export async function startPending(c: EndpointContext, userId: string, rememberMe: boolean, method = 'password'): Promise<void> {
  const id = randomString(32);
  const value: PendingValue = { userId, rememberMe, attempts: 0, method };
  await c.auth.adapter.create('verification', {
    identifier: ids.pending(id),
    value: JSON.stringify(value),
    expiresAt: new Date(c.auth.now() + PENDING_SECONDS * 1000),
  });
  c.setSignedCookie(cookieName(c), id, { maxAge: PENDING_SECONDS });
}

function parse(row: VerificationRow): PendingSignIn | null {
  try {
    const v = JSON.parse(row.value) as Partial<PendingValue>;
    if (typeof v.userId !== 'string' || typeof v.attempts !== 'number') return null;
    return { row, userId: v.userId, rememberMe: v.rememberMe !== false, attempts: v.attempts, method: typeof v.method === 'string' ? v.method : 'password' };
  } catch {
    return null;
  }
}

/** True when the request carries a two-factor cookie at all (valid or not). */
export function hasPendingCookie(c: EndpointContext): boolean {
  return c.getCookie(cookieName(c)) !== undefined;
}

/** The live pending sign-in the cookie points at, or null (missing, forged, expired, used up). */
export async function readPending(c: EndpointContext): Promise<PendingSignIn | null> {
  const id = c.getSignedCookie(cookieName(c));
  if (!id) return null;
  const row = await c.auth.adapter.findOne<VerificationRow>('verification', [{ field: 'identifier', value: ids.pending(id) }]);
  if (!row) return null;
  if (row.expiresAt.getTime() <= c.auth.now()) {
    await c.auth.adapter.delete('verification', [{ field: 'id', value: row.id }]);
    return null;
  }
  return parse(row);
}

/** Ends the pending sign-in: record and cookie. */
export async function killPending(c: EndpointContext, pending: PendingSignIn): Promise<void> {
  await c.auth.adapter.delete('verification', [{ field: 'id', value: pending.row.id }]);
  c.deleteCookie(cookieName(c));
}

/**
 * Books one try before the code is looked at, by compare-and-set on the record, so that
 * parallel guesses cannot share a count. Past the limit the record is deleted: sign in again.
 * Answers the number of this try.
 */
export async function takeAttempt(c: EndpointContext, first: PendingSignIn): Promise<number> {
  const max = twoFactorConfig(c.auth).maxAttempts;
  let pending: PendingSignIn | null = first;
  for (let tries = 0; tries < 10 && pending; tries++) {
    if (pending.attempts >= max) {
      await killPending(c, pending);
      throw twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE');
    }
    const next: PendingValue = { userId: pending.userId, rememberMe: pending.rememberMe, attempts: pending.attempts + 1, method: pending.method };
    const written = await c.auth.adapter.update(
      'verification',
      [
        { field: 'id', value: pending.row.id },
        { field: 'value', value: pending.row.value },
      ],
      { value: JSON.stringify(next) },
    );
    if (written) return next.attempts;
    pending = await readPending(c);
  }
  throw twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE');
}

/** Uses the pending sign-in up; false when a parallel request already did. */
export async function consumePending(c: EndpointContext, pending: PendingSignIn): Promise<boolean> {
  const n = await c.auth.adapter.delete('verification', [{ field: 'id', value: pending.row.id }]);
  c.deleteCookie(cookieName(c));
  return n > 0;
}
