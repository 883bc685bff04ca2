import type { Adapter, AdoptionStep } from '../../kit.js';
import type { ProviderStorage } from './storage.js';

/**
 * An adopted account (security/adoption.ts) has shared itself with no application yet: a consent
 * given while the address was unproven may be the squatter's (an app of theirs reading the
 * account through a refresh token). Each consent goes in the transaction; its grants and tokens
 * once it has committed (they may live in the secondary storage).
 */
export async function revokeConsentsOnAdoption(trx: Adapter, userId: string, storage: ProviderStorage | undefined): Promise<AdoptionStep> {
  const consents = await trx.findMany<{ clientId: string }>('oauthConsent', { where: [{ field: 'userId', value: userId }] });
  if (!consents.length) return {};
  await trx.delete('oauthConsent', [{ field: 'userId', value: userId }]);
  const clients = [...new Set(consents.map((c) => c.clientId))];
  return {
    removed: { oauthConsents: consents.length },
    afterCommit: async () => {
      for (const clientId of clients) await storage?.revokeGrants(userId, clientId);
    },
  };
}
