import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

/** Discord: GET /users/@me; avatar from the CDN (animated ones are a_…, served as gif). */
export const discord: ProviderDefinition = {
  id: 'discord',
  name: 'Discord',
  endpoints: () => ({
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userInfoEndpoint: 'https://discord.com/api/users/@me',
  }),
  scopes: ['identify', 'email'],
  // Discord's token example authenticates the client with HTTP Basic.
  credentials: 'basic',
  pkce: false,
  selectAccount: false,
  idToken: false,
  async fetchProfile(call) {
    return obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
  },
  mapProfile(p) {
    const id = str(p.id) ?? '';
    const avatar = str(p.avatar);
    let image: string;
    if (avatar) image = `https://cdn.discordapp.com/avatars/${id}/${avatar}.${avatar.startsWith('a_') ? 'gif' : 'png'}`;
    else {
      // Default avatars: new usernames (discriminator "0") by id, legacy ones by discriminator.
      const disc = str(p.discriminator) ?? '0';
      const index = disc === '0' && /^\d+$/.test(id) ? Number((BigInt(id) >> 22n) % 6n) : Number(disc) % 5;
      image = `https://cdn.discordapp.com/embed/avatars/${index}.png`;
    }
    return {
      id,
      email: str(p.email),
      emailVerified: bool(p.verified),
      name: str(p.global_name) ?? str(p.username) ?? '',
      image,
    };
  },
};
