import { definePlugin } from '../../kit.js';
import { type MagicLinkOptions, resolveMagicLinkOptions, useMagicLinkConfig } from './config.js';
import { MAGIC_LINK_ERRORS } from './errors.js';
import { signInMagicLink } from './routes/sign-in-magic-link.js';
import { magicLinkVerify } from './routes/verify.js';
import { MAGIC_LINK_MESSAGES } from './translations.js';

export type { MagicLinkMail, MagicLinkOptions } from './config.js';
export type { MagicLinkRedirectError } from './routes/verify.js';

/** The magic-link routes with their precise types (route-types.ts derives the client's from them). */
export const magicLinkRoutes = [signInMagicLink, magicLinkVerify] as const;

/**
 * Sign-in by a link mailed to the address (better-auth's `magicLink` routes): single use,
 * 5 minutes by default, only a hash of it stored; it creates the account unless
 * `disableSignUp`. Options: `magicLink.expiresIn`, `disableSignUp`, `perAddress`, `sendMagicLink`.
 */
export function magicLinkPlugin(options: MagicLinkOptions = {}) {
  const config = resolveMagicLinkOptions(options);
  return definePlugin({
    id: 'magic-link',
    features: { magicLink: true },
    endpoints: magicLinkRoutes,
    errors: MAGIC_LINK_ERRORS,
    messages: MAGIC_LINK_MESSAGES,
    // Per client, when rate limiting is on (better-auth's default for these paths); the
    // per-address count of sign-in/magic-link runs always.
    rateLimit: {
      '/sign-in/magic-link': { window: 60, max: 5 },
      '/magic-link/verify': { window: 60, max: 10 },
    },
    init(auth) {
      useMagicLinkConfig(auth, config);
    },
  });
}
