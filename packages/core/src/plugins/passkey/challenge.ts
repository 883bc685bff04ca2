import { type EndpointContext, orderedRandom } from '../../kit.js';
import { CHALLENGE_SECONDS } from './config.js';

/** What a ceremony's challenge is for: adding a passkey (for one user) or signing in. */
export interface StoredChallenge {
  kind: 'register' | 'authenticate';
  challenge: string;
  /** The signed-in user who asked (always set for 'register'). */
  userId: string | null;
  /** The name asked for with the options (`?name=`), used when verify-registration names none. */
  name?: string;
}

const identifier = (id: string) => `passkey-challenge:${id}`;
const cookieName = (c: EndpointContext) => c.auth.cookies.named('passkey');

/**
 * Keeps a challenge server-side for 5 minutes; the browser that asked holds only its random
 * id, in a signed cookie. A response is checked only against the challenge of its own browser.
 */
export async function saveChallenge(c: EndpointContext, value: StoredChallenge): Promise<void> {
  const { adapter } = c.auth;
  // Anyone may ask for sign-in options (every sign-in page does): this browser's previous
  // challenge, unreachable once its cookie is replaced, and every expired one go now, so
  // the table does not grow with page loads.
  const previous = c.getSignedCookie(cookieName(c));
  if (previous) await adapter.delete('verification', [{ field: 'identifier', value: identifier(previous) }]);
  await adapter.delete('verification', [
    { field: 'identifier', value: identifier(''), operator: 'starts_with' },
    { field: 'expiresAt', value: new Date(c.auth.now()), operator: 'lte' },
  ]);
  // In creation order: the challenge's row lands at the end of the identifier index, where
  // the sign-in that takes it finds it, not on a random page of it. The cookie's signature,
  // not the id, is what a browser cannot forge.
  const id = orderedRandom(32);
  await adapter.create('verification', {
    identifier: identifier(id),
    value: JSON.stringify(value),
    expiresAt: new Date(c.auth.now() + CHALLENGE_SECONDS * 1000),
  });
  c.setSignedCookie(cookieName(c), id, { maxAge: CHALLENGE_SECONDS });
}

/**
 * Takes this browser's challenge of `kind`, once: the record is deleted before the response is
 * looked at (a failed attempt uses it up too), and only the request that deleted it gets it.
 * Null when there is none (no cookie, forged, expired, already used, or of the other kind).
 */
export async function takeChallenge(c: EndpointContext, kind: StoredChallenge['kind']): Promise<StoredChallenge | null> {
  const id = c.getSignedCookie(cookieName(c));
  if (c.getCookie(cookieName(c)) !== undefined) c.deleteCookie(cookieName(c));
  if (!id) return null;
  const { adapter } = c.auth;
  const row = await adapter.findOne<{ id: string; value: string; expiresAt: Date }>('verification', [{ field: 'identifier', value: identifier(id) }]);
  if (!row) return null;
  if ((await adapter.delete('verification', [{ field: 'id', value: row.id }])) === 0) return null;
  if (row.expiresAt.getTime() <= c.auth.now()) return null;
  try {
    const value = JSON.parse(row.value) as StoredChallenge;
    return value.kind === kind && typeof value.challenge === 'string' ? value : null;
  } catch {
    return null;
  }
}
