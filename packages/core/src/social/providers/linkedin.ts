import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

/** LinkedIn, "Sign In with LinkedIn using OpenID Connect": the ID token, else /v2/userinfo. */
export const linkedin: ProviderDefinition = {
  id: 'linkedin',
  name: 'LinkedIn',
  endpoints: () => ({
    authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    userInfoEndpoint: 'https://api.linkedin.com/v2/userinfo',
    jwksEndpoint: 'https://www.linkedin.com/oauth/openid/jwks',
    issuer: 'https://www.linkedin.com/oauth',
  }),
  scopes: ['profile', 'email', 'openid'],
  credentials: 'body',
  // LinkedIn offers PKCE to native clients only.
  pkce: false,
  selectAccount: false,
  idToken: true,
  async fetchProfile(call) {
    return call.claims ? { ...call.claims } : obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
  },
  mapProfile(p) {
    return {
      id: str(p.sub) ?? '',
      email: str(p.email),
      emailVerified: bool(p.email_verified),
      name: str(p.name) ?? [str(p.given_name), str(p.family_name)].filter(Boolean).join(' '),
      image: str(p.picture),
    };
  },
};
