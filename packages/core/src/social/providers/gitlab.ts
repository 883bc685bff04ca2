import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

/**
 * GitLab (gitlab.com, or a self-hosted instance at `issuerBaseURL`). With the
 * openid scope the profile is the ID token; else GET /api/v4/user, where a
 * blocked or locked user gives no profile.
 */
export const gitlab: ProviderDefinition = {
  id: 'gitlab',
  name: 'GitLab',
  endpoints(o) {
    const base = (typeof o.issuerBaseURL === 'string' && o.issuerBaseURL ? o.issuerBaseURL : 'https://gitlab.com').replace(/\/+$/, '');
    return {
      authorizationEndpoint: `${base}/oauth/authorize`,
      tokenEndpoint: `${base}/oauth/token`,
      userInfoEndpoint: `${base}/api/v4/user`,
      jwksEndpoint: `${base}/oauth/discovery/keys`,
      issuer: base,
    };
  },
  scopes: ['openid', 'profile', 'email', 'read_user'],
  credentials: 'body',
  pkce: true,
  selectAccount: false,
  idToken: true,
  async fetchProfile(call) {
    if (call.claims) return { ...call.claims };
    const p = obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
    if (p.state === 'blocked' || p.locked === true) return null;
    return p;
  },
  mapProfile(p) {
    return {
      id: str(p.sub) ?? str(p.id) ?? '',
      email: str(p.email),
      // ID token: email_verified; REST: a confirmed_at date.
      emailVerified: bool(p.email_verified) || !!str(p.confirmed_at),
      name: str(p.name) ?? str(p.nickname) ?? str(p.username) ?? '',
      image: str(p.picture) ?? str(p.avatar_url),
    };
  },
};
