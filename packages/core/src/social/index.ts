import type { CoreOptions } from '../options.js';
import { definePlugin, type Plugin } from '../plugin.js';
import { KeySets } from './jwks.js';
import { Provider } from './provider.js';
import { PROVIDERS } from './providers/index.js';
import { callback } from './routes/callback.js';
import { getAccessToken } from './routes/get-access-token.js';
import { linkSocial } from './routes/link-social.js';
import { listAccounts } from './routes/list-accounts.js';
import { refreshToken } from './routes/refresh-token.js';
import { signInSocial } from './routes/sign-in-social.js';
import { unlinkAccount } from './routes/unlink-account.js';
import { SOCIAL_ERRORS, type SocialService } from './service.js';
import { SOCIAL_MESSAGES } from './translations.js';

/** The social routes with their precise types (route-types.ts derives the client's from them). */
export const socialRoutes = [signInSocial, callback, listAccounts, linkSocial, unlinkAccount, getAccessToken, refreshToken] as const;

/**
 * Social sign-in (issue 4): the redirect flow, ID-token sign-in, and the
 * account routes (list, link, unlink, provider access tokens). Always
 * registered, so that /list-accounts and /unlink-account serve password-only
 * users too; with no provider configured, /sign-in/social answers 404.
 */
export function socialPlugin(options: CoreOptions): Plugin {
  const keys = new KeySets();
  const providers = new Map<string, Provider>();
  return definePlugin({
    id: 'social',
    errors: SOCIAL_ERRORS,
    messages: SOCIAL_MESSAGES,
    endpoints: socialRoutes,
    init(auth) {
      for (const [id, o] of Object.entries(options.socialProviders ?? {})) {
        if (!o || o.enabled === false) continue;
        const def = PROVIDERS[id];
        if (!def) {
          auth.logger.warn(`social provider "${id}" is not supported and is ignored`);
          continue;
        }
        if (!o.clientId || !o.clientSecret) {
          auth.logger.warn(`social provider "${id}" lacks a client id or client secret and is not offered`);
          continue;
        }
        providers.set(id, new Provider(def, { ...o, clientId: o.clientId, clientSecret: o.clientSecret }, auth, keys));
      }
      const service: SocialService = { providerIds: () => [...providers.keys()], provider: (id) => providers.get(id) };
      auth.extensions.social = service;
    },
  });
}

export { PROVIDERS } from './providers/index.js';
export type { ProviderDefinition, SocialUser } from './types.js';
