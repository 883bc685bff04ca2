import type { Adapter, AdoptionStep } from '../../kit.js';

/** An adopted account (security/adoption.ts) keeps no API key: one made while the address was unproven may be the squatter's. */
export async function removeKeysOnAdoption(trx: Adapter, userId: string): Promise<AdoptionStep> {
  return { removed: { apiKeys: await trx.delete('apikey', [{ field: 'userId', value: userId }]) } };
}
