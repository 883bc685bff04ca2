import type { AuthContext } from '../context.js';
import type { Adapter } from '../db/adapter.js';

/** Marks our JWTs, so that a token signed for another purpose is never taken as a verification link. */
const EMAIL_TOKEN_PURPOSE = 'email-verification';

export interface EmailTokenPayload {
  email: string;
  /** Present on a change-email confirmation: the address to switch to. */
  updateTo?: string;
}

/** An HS256 JWT `{email, updateTo?}` for a /verify-email link, valid `emailVerification.expiresIn` seconds. */
export function signEmailToken(auth: AuthContext, payload: EmailTokenPayload): Promise<string> {
  const claims: Record<string, unknown> = { email: payload.email, purpose: EMAIL_TOKEN_PURPOSE };
  if (payload.updateTo) claims.updateTo = payload.updateTo;
  return auth.tokens.sign(claims, auth.options.emailVerification.expiresIn, auth.now());
}

export async function verifyEmailToken(
  auth: AuthContext,
  token: string,
): Promise<{ ok: true; payload: EmailTokenPayload } | { ok: false; reason: 'expired' | 'invalid' }> {
  const r = await auth.tokens.verify<Record<string, unknown>>(token, auth.now());
  if (!r.ok) return r;
  const { email, updateTo, purpose } = r.payload;
  if (purpose !== EMAIL_TOKEN_PURPOSE || typeof email !== 'string') return { ok: false, reason: 'invalid' };
  if (updateTo !== undefined && typeof updateTo !== 'string') return { ok: false, reason: 'invalid' };
  return { ok: true, payload: { email: email.toLowerCase(), updateTo: updateTo?.toLowerCase() } };
}

/** Stores a one-time token as a verification row; its `value` is the user id. */
export async function storeVerification(auth: AuthContext, identifier: string, userId: string, expiresInSeconds: number): Promise<string> {
  const row = await auth.adapter.create<{ id: string }>('verification', {
    identifier,
    value: userId,
    expiresAt: new Date(auth.now() + expiresInSeconds * 1000),
  });
  if (!row) throw new Error('verification row not created');
  return row.id;
}

/** A live (unexpired) verification row's user id, without using it up. */
export async function peekVerification(auth: AuthContext, identifier: string): Promise<string | null> {
  const row = await auth.adapter.findOne<{ value: string; expiresAt: Date }>('verification', [{ field: 'identifier', value: identifier }]);
  if (!row || row.expiresAt.getTime() <= auth.now()) return null;
  return row.value;
}

export type Consumed<T> = { ok: true; userId: string; result: T } | { ok: false };

/**
 * Uses up a one-time token inside `trx` and runs `then` in the same transaction.
 * The row is deleted and the deleted count checked, so of two concurrent uses exactly
 * one wins (the loser's DELETE finds nothing once the winner commits); if `then`
 * throws, the transaction rolls back and the token stays usable. An expired row is
 * deleted (and reported as unusable).
 */
export async function consumeVerification<T>(auth: AuthContext, trx: Adapter, identifier: string, then: (userId: string) => Promise<T>): Promise<Consumed<T>> {
  const row = await trx.findOne<{ id: string; value: string; expiresAt: Date }>('verification', [{ field: 'identifier', value: identifier }]);
  if (!row) return { ok: false };
  const deleted = await trx.delete('verification', [{ field: 'id', value: row.id }]);
  if (deleted !== 1 || row.expiresAt.getTime() <= auth.now()) return { ok: false };
  return { ok: true, userId: row.value, result: await then(row.value) };
}

/** Adds query parameters to a (possibly relative) URL, keeping its query and fragment: `?` or `&` as needed. */
export function withQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const added = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${added}${hash}`;
}
