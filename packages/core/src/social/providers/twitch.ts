import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

const CLAIMS = { email: null, email_verified: null, preferred_username: null, picture: null };

/** Twitch (OpenID Connect): the claims parameter asks for email and picture in the ID token and user info. */
export const twitch: ProviderDefinition = {
  id: 'twitch',
  name: 'Twitch',
  endpoints: () => ({
    authorizationEndpoint: 'https://id.twitch.tv/oauth2/authorize',
    tokenEndpoint: 'https://id.twitch.tv/oauth2/token',
    userInfoEndpoint: 'https://id.twitch.tv/oauth2/userinfo',
    jwksEndpoint: 'https://id.twitch.tv/oauth2/keys',
    issuer: 'https://id.twitch.tv/oauth2',
  }),
  scopes: ['user:read:email', 'openid'],
  credentials: 'body',
  pkce: false,
  selectAccount: false,
  idToken: true,
  authorizationParams: () => ({ claims: JSON.stringify({ id_token: CLAIMS, userinfo: CLAIMS }) }),
  async fetchProfile(call) {
    return call.claims ? { ...call.claims } : obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
  },
  mapProfile(p) {
    return {
      id: str(p.sub) ?? '',
      email: str(p.email),
      emailVerified: bool(p.email_verified),
      name: str(p.preferred_username) ?? '',
      image: str(p.picture),
    };
  },
};
