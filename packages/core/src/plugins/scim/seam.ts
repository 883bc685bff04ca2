import { type AuthContext, scimSeam } from '../../kit.js';
import type { ScimUserRow } from './schema.js';

export { scimSeam };

/**
 * Publishes the scim plugin's seam (kit: `scimSeam`, undefined when SCIM is off): a capability
 * that meets an existing account (an SSO first sign-in of an address SCIM created) asks whether
 * the organization's directory made it, and links instead of refusing.
 */
export function publishScimSeam(auth: AuthContext): void {
  scimSeam.set(auth, {
    async provisioningOf(adapter, userId) {
      const link = await adapter.findOne<ScimUserRow>('scimUser', [{ field: 'userId', value: userId }]);
      return link ? { organizationId: link.organizationId, providerId: link.providerId, active: link.active && !link.deleted } : null;
    },
  });
}
