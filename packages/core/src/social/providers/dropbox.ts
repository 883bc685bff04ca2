import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

/**
 * Dropbox: the profile is an RPC call (POST users/get_current_account with no
 * body); token_access_type=offline (option accessType) asks for a refresh token.
 */
export const dropbox: ProviderDefinition = {
  id: 'dropbox',
  name: 'Dropbox',
  endpoints: () => ({
    authorizationEndpoint: 'https://www.dropbox.com/oauth2/authorize',
    tokenEndpoint: 'https://api.dropboxapi.com/oauth2/token',
    userInfoEndpoint: 'https://api.dropboxapi.com/2/users/get_current_account',
  }),
  scopes: ['account_info.read'],
  // Dropbox's token examples authenticate the app key and secret with HTTP Basic.
  credentials: 'basic',
  pkce: true,
  selectAccount: false,
  idToken: false,
  authorizationParams: (o) => ({ token_access_type: typeof o.accessType === 'string' ? o.accessType : 'offline' }),
  async fetchProfile(call) {
    return obj(await call.fetchJson(userInfoURL(call), { method: 'POST', headers: bearer(call) }));
  },
  mapProfile(p) {
    const name = obj(p.name);
    return {
      id: str(p.account_id) ?? '',
      email: str(p.email),
      emailVerified: bool(p.email_verified),
      name: str(name.display_name) ?? [str(name.given_name), str(name.surname)].filter(Boolean).join(' '),
      image: str(p.profile_photo_url),
    };
  },
};
