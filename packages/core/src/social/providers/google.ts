import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

/** Google (OpenID Connect). Options: accessType ('offline' for a refresh token), hd (hosted domain hint). */
export const google: ProviderDefinition = {
  id: 'google',
  name: 'Google',
  endpoints: () => ({
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userInfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksEndpoint: 'https://www.googleapis.com/oauth2/v3/certs',
    issuer: ['https://accounts.google.com', 'accounts.google.com'],
  }),
  scopes: ['openid', 'email', 'profile'],
  credentials: 'body',
  pkce: true,
  selectAccount: true,
  idToken: true,
  authorizationParams(o) {
    const params: Record<string, string> = { include_granted_scopes: 'true' };
    if (typeof o.accessType === 'string') params.access_type = o.accessType;
    if (typeof o.hd === 'string') params.hd = o.hd;
    return params;
  },
  async fetchProfile(call) {
    return call.claims ? { ...call.claims } : obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
  },
  mapProfile(p) {
    return {
      id: str(p.sub) ?? '',
      email: str(p.email),
      emailVerified: bool(p.email_verified),
      name: str(p.name) ?? '',
      image: str(p.picture),
    };
  },
};
