import { KeySets, publicDispatcher } from '../../kit.js';

/**
 * What one sso plugin instance keeps for the life of its server: the IdPs' key sets (jose's cache
 * and cooldown apply across requests). `keys` fetches as fetch does, for an IdP at a trusted
 * origin; `publicKeys` connects only to public addresses, checked at connection time (outbound.ts).
 */
export interface SSOPlugin {
  keys: KeySets;
  publicKeys: KeySets;
}

export function newSSOPlugin(): SSOPlugin {
  return { keys: new KeySets(), publicKeys: new KeySets(publicDispatcher()) };
}
