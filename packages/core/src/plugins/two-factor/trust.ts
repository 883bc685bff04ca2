import { type AuthContext, type EndpointContext, hashToken, randomString } from '../../kit.js';
import { TRUST_SECONDS, ids, type VerificationRow } from './config.js';

/**
 * Trusted devices. The cookie holds `userId!token` (signed); the server keeps a hash of the
 * token under the user, with a 30-day expiry. Deleting the user's records (on disabling or
 * re-enrolling two-factor) invalidates every trusted browser at once.
 */
const cookieName = (c: EndpointContext) => c.auth.cookies.named('trust_device');

function readCookie(c: EndpointContext): { userId: string; token: string } | null {
  const value = c.getSignedCookie(cookieName(c));
  const bang = value?.indexOf('!') ?? -1;
  if (!value || bang <= 0) return null;
  return { userId: value.slice(0, bang), token: value.slice(bang + 1) };
}

async function findRecord(c: EndpointContext, userId: string, token: string): Promise<VerificationRow | null> {
  return c.auth.adapter.findOne<VerificationRow>('verification', [
    { field: 'identifier', value: ids.trust(userId) },
    { field: 'value', value: hashToken(token) },
  ]);
}

/** True when this browser was trusted by `userId` within the last 30 days and not revoked since. */
export async function isTrusted(c: EndpointContext, userId: string): Promise<boolean> {
  const cookie = readCookie(c);
  if (!cookie || cookie.userId !== userId) return false;
  const row = await findRecord(c, userId, cookie.token);
  if (!row) return false;
  if (row.expiresAt.getTime() <= c.auth.now()) {
    await c.auth.adapter.delete('verification', [{ field: 'id', value: row.id }]);
    return false;
  }
  return true;
}

export async function trustDevice(c: EndpointContext, userId: string): Promise<void> {
  const { auth } = c;
  const now = auth.now();
  // Housekeeping: this browser's earlier record, and the user's expired ones.
  const earlier = readCookie(c);
  if (earlier?.userId === userId) {
    const row = await findRecord(c, userId, earlier.token);
    if (row) await auth.adapter.delete('verification', [{ field: 'id', value: row.id }]);
  }
  await auth.adapter.delete('verification', [
    { field: 'identifier', value: ids.trust(userId) },
    { field: 'expiresAt', value: new Date(now), operator: 'lte' },
  ]);
  const token = randomString(32);
  await auth.adapter.create('verification', {
    identifier: ids.trust(userId),
    value: hashToken(token),
    expiresAt: new Date(now + TRUST_SECONDS * 1000),
  });
  c.setSignedCookie(cookieName(c), `${userId}!${token}`, { maxAge: TRUST_SECONDS });
}

/** Forgets every browser the user trusted; also drops this browser's cookie when it is theirs. */
export async function revokeTrustedDevices(auth: AuthContext, userId: string, c?: EndpointContext): Promise<void> {
  await auth.adapter.delete('verification', [{ field: 'identifier', value: ids.trust(userId) }]);
  if (c && readCookie(c)?.userId === userId) c.deleteCookie(cookieName(c));
}
