import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

/**
 * Reddit: duration=permanent (a refresh token), HTTP Basic at the token
 * endpoint, GET /api/v1/me. Reddit gives no email address: a first sign-in
 * ends in email_not_found unless `mapProfileToUser` supplies one; a Reddit
 * account linked to an existing user signs in fine.
 */
export const reddit: ProviderDefinition = {
  id: 'reddit',
  name: 'Reddit',
  endpoints: () => ({
    authorizationEndpoint: 'https://www.reddit.com/api/v1/authorize',
    tokenEndpoint: 'https://www.reddit.com/api/v1/access_token',
    userInfoEndpoint: 'https://oauth.reddit.com/api/v1/me',
  }),
  scopes: ['identity'],
  credentials: 'basic',
  pkce: false,
  selectAccount: false,
  idToken: false,
  authorizationParams: (o) => ({ duration: typeof o.duration === 'string' ? o.duration : 'permanent' }),
  async fetchProfile(call) {
    return obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
  },
  mapProfile(p) {
    const email = str(p.email);
    const icon = str(p.icon_img) ?? str(p.snoovatar_img);
    return {
      id: str(p.id) ?? '',
      email,
      emailVerified: !!email && bool(p.has_verified_email),
      name: str(p.name) ?? '',
      // Reddit HTML-escapes the icon URL's query.
      image: icon ? icon.replace(/&amp;/g, '&') : null,
    };
  },
};
