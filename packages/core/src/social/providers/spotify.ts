import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { obj, str } from '../types.js';

/** Spotify: GET /v1/me; the client authenticates with HTTP Basic; emails are not said to be verified. */
export const spotify: ProviderDefinition = {
  id: 'spotify',
  name: 'Spotify',
  endpoints: () => ({
    authorizationEndpoint: 'https://accounts.spotify.com/authorize',
    tokenEndpoint: 'https://accounts.spotify.com/api/token',
    userInfoEndpoint: 'https://api.spotify.com/v1/me',
  }),
  scopes: ['user-read-email'],
  credentials: 'basic',
  pkce: true,
  selectAccount: false,
  idToken: false,
  async fetchProfile(call) {
    return obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
  },
  mapProfile(p) {
    const images = Array.isArray(p.images) ? p.images : [];
    return {
      id: str(p.id) ?? '',
      email: str(p.email),
      emailVerified: false,
      name: str(p.display_name) ?? str(p.id) ?? '',
      image: str(obj(images[0]).url),
    };
  },
};
