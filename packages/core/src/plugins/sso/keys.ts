import { KeySets } from '../../kit.js';

/** What one sso plugin instance keeps for the life of its server: the IdPs' key sets (jose's cache and cooldown apply across requests). */
export interface SSOPlugin {
  keys: KeySets;
}

export function newSSOPlugin(): SSOPlugin {
  return { keys: new KeySets() };
}
