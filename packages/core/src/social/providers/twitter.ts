import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { obj, str } from '../types.js';

const FIELDS = 'profile_image_url,confirmed_email';

/**
 * X (Twitter) OAuth 2.0: PKCE is required, a confidential client uses HTTP
 * Basic. The email is there only with the users.email scope and an app
 * allowed to read it (confirmed_email); without it sign-in ends in email_not_found.
 */
export const twitter: ProviderDefinition = {
  id: 'twitter',
  name: 'X',
  endpoints: () => ({
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userInfoEndpoint: `https://api.x.com/2/users/me?user.fields=${FIELDS}`,
  }),
  scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
  credentials: 'basic',
  pkce: true,
  selectAccount: false,
  idToken: false,
  async fetchProfile(call) {
    const url = new URL(userInfoURL(call));
    if (!url.searchParams.has('user.fields')) url.searchParams.set('user.fields', FIELDS);
    const answer = obj(await call.fetchJson(url.toString(), { headers: bearer(call) }));
    const data = obj(answer.data);
    return Object.keys(data).length ? data : null;
  },
  mapProfile(p) {
    const confirmed = str(p.confirmed_email);
    return {
      id: str(p.id) ?? '',
      email: confirmed ?? str(p.email),
      emailVerified: !!confirmed,
      name: str(p.name) ?? str(p.username) ?? '',
      image: str(p.profile_image_url),
    };
  },
};
