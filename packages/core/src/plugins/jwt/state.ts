import { type AuthContext, extension } from '../../kit.js';
import type { JwtConfig } from './config.js';
import type { KeySet } from './keys.js';

const state = extension<{ config: JwtConfig; keys: KeySet }>('jwt');

/** Sets this instance's options and key set (the plugin's `init`). */
export const useJwt = state.set;

/** This instance's jwt options and key set. */
export function jwtOf(auth: AuthContext): { config: JwtConfig; keys: KeySet } {
  return state.get(auth);
}
