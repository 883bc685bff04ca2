import type { AuthContext } from '../../context.js';
import type { HookServices } from '../../context.js';
import { extension } from '../../extension.js';
import type { ScimUserRow } from './schema.js';

/** Which directory connection provisioned an account, as other capabilities may ask (enterprise SSO's linking). */
export interface ScimProvisioning {
  organizationId: string;
  providerId: string;
  /** False when deactivated or deleted: its sign-in is refused anyway. */
  active: boolean;
}

/**
 * The seam the scim plugin publishes (`scimSeam.find(auth)` is undefined when SCIM is off): a
 * capability that meets an existing account (an SSO first sign-in of an address SCIM created) can
 * ask whether the organization's directory made it, and link instead of refusing.
 */
export const scimSeam = extension<{ provisioningOf(adapter: HookServices['adapter'], userId: string): Promise<ScimProvisioning | null> }>('scim');

export function publishScimSeam(auth: AuthContext): void {
  scimSeam.set(auth, {
    async provisioningOf(adapter, userId) {
      const link = await adapter.findOne<ScimUserRow>('scimUser', [{ field: 'userId', value: userId }]);
      return link ? { organizationId: link.organizationId, providerId: link.providerId, active: link.active && !link.deleted } : null;
    },
  });
}
