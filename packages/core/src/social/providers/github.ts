import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { obj, str } from '../types.js';

interface GithubEmail {
  email: string;
  primary?: boolean;
  verified?: boolean;
}

/**
 * GitHub: GET /user, and GET /user/emails because a private email is null
 * in the profile (the list also says whether an address is verified).
 */
export const github: ProviderDefinition = {
  id: 'github',
  name: 'GitHub',
  endpoints: () => ({
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userInfoEndpoint: 'https://api.github.com/user',
  }),
  scopes: ['read:user', 'user:email'],
  credentials: 'body',
  pkce: true,
  selectAccount: true,
  idToken: false,
  async fetchProfile(call) {
    const url = userInfoURL(call);
    const headers = { ...bearer(call), accept: 'application/vnd.github+json' };
    const profile = obj(await call.fetchJson(url, { headers }));
    let emails: GithubEmail[] = [];
    try {
      const list = await call.fetchJson(`${url.replace(/\/+$/, '')}/emails`, { headers });
      if (Array.isArray(list)) emails = list.filter((e): e is GithubEmail => typeof obj(e).email === 'string');
    } catch {
      // Without the user:email scope the list is refused; the public email (if any) still counts.
    }
    return { ...profile, emails };
  },
  mapProfile(p) {
    const emails = (p.emails as GithubEmail[] | undefined) ?? [];
    const email = str(p.email) ?? (emails.find((e) => e.primary) ?? emails[0])?.email ?? null;
    return {
      id: str(p.id) ?? '',
      email,
      emailVerified: !!emails.find((e) => e.email === email)?.verified,
      name: str(p.name) ?? str(p.login) ?? '',
      image: str(p.avatar_url),
    };
  },
};
