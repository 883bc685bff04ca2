import { createHash, randomBytes } from 'node:crypto';
import { type AuthContext, memberRoles, type SignedInContext } from '../../kit.js';
import { scimRouteError } from './errors.js';
import type { ScimConnectionRow } from './schema.js';

/** What a token is kept as: its SHA-256 (a token is 256 random bits, so no salt or slow hash is needed). */
export const hashScimToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A new bearer token: 32 random bytes, base64url. */
export const newScimToken = (): string => randomBytes(32).toString('base64url');

/** The connection a bearer token opens, or null (unknown, replaced or revoked). */
export async function connectionOfToken(auth: AuthContext, token: string): Promise<ScimConnectionRow | null> {
  return auth.adapter.findOne<ScimConnectionRow>('scimConnection', [{ field: 'tokenHash', value: hashScimToken(token) }]);
}

/**
 * The caller may manage the organization's SCIM connections: an owner or admin of it.
 * A non-member (or an unknown organization, which says nothing more) → 403 NOT_A_MEMBER; another role → 403.
 */
export async function requireConnectionManager(c: SignedInContext, organizationId: string): Promise<void> {
  const member = await c.auth.adapter.findOne<{ role: string }>('member', [
    { field: 'organizationId', value: organizationId },
    { field: 'userId', value: c.session.user.id },
  ]);
  if (!member) throw scimRouteError('FORBIDDEN', 'NOT_A_MEMBER');
  const roles = memberRoles(member.role);
  if (!roles.includes('owner') && !roles.includes('admin')) throw scimRouteError('FORBIDDEN', 'INSUFFICIENT_ROLE');
}
