import type { Adapter, AdoptionStep } from '../../kit.js';

/**
 * An adopted account (security/adoption.ts) keeps no passkey: one registered while the address
 * was unproven may be the squatter's, and would sign in without anything else.
 */
export async function removePasskeysOnAdoption(trx: Adapter, userId: string): Promise<AdoptionStep> {
  return { removed: { passkeys: await trx.delete('passkey', [{ field: 'userId', value: userId }]) } };
}
