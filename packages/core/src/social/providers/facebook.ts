import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

const FIELDS = 'id,name,email,picture';

/**
 * Facebook: the Graph API's /me, or (when the token response carries one,
 * as with the openid scope / Limited Login) the verified ID token.
 */
export const facebook: ProviderDefinition = {
  id: 'facebook',
  name: 'Facebook',
  endpoints: () => ({
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userInfoEndpoint: `https://graph.facebook.com/me?fields=${FIELDS}`,
    jwksEndpoint: 'https://limited.facebook.com/.well-known/oauth/openid/jwks/',
    issuer: 'https://www.facebook.com',
  }),
  scopes: ['email', 'public_profile'],
  credentials: 'body',
  pkce: true,
  selectAccount: false,
  idToken: true,
  async fetchProfile(call) {
    if (call.claims) return { ...call.claims };
    const url = new URL(userInfoURL(call));
    if (!url.searchParams.has('fields')) url.searchParams.set('fields', FIELDS);
    return obj(await call.fetchJson(url.toString(), { headers: bearer(call) }));
  },
  mapProfile(p) {
    const picture = p.picture;
    const image = typeof picture === 'string' ? picture : str(obj(obj(picture).data).url);
    return {
      id: str(p.id) ?? str(p.sub) ?? '',
      email: str(p.email),
      // The Graph API says nothing about verification; an ID token may.
      emailVerified: bool(p.email_verified),
      name: str(p.name) ?? '',
      image,
    };
  },
};
