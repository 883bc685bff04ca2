import type { AuthContext } from '../context.js';
import { defineErrors, errorsOf, fail } from '../errors.js';
import type { Provider } from './provider.js';

/** What the plugin publishes as `auth.extensions.social` (the core's /providers reads providerIds). */
export interface SocialService {
  providerIds(): string[];
  provider(id: string): Provider | undefined;
}

/** The plugin's own messages; the spec's (Provider not found, invalid token, …) are the core's. */
export const SOCIAL_ERRORS = defineErrors({
  ACCOUNT_NOT_LINKED: 'Account not linked',
  ACCOUNT_ALREADY_LINKED: 'Account already linked',
  UNABLE_TO_LINK_ACCOUNT: 'Unable to link account',
  REFRESH_TOKEN_NOT_FOUND: 'Refresh token not found',
  FAILED_TO_REFRESH_ACCESS_TOKEN: 'Failed to refresh access token',
  FAILED_TO_GET_ACCESS_TOKEN: 'Failed to get a valid access token',
});

export const socialError = errorsOf(SOCIAL_ERRORS);

export function socialService(auth: AuthContext): SocialService {
  const s = auth.extensions.social as SocialService | undefined;
  return s ?? { providerIds: () => [], provider: () => undefined };
}

/** The configured provider, else 404 'Provider not found'. */
export function requireProvider(auth: AuthContext, id: string): Provider {
  const p = socialService(auth).provider(id);
  if (!p) fail('NOT_FOUND', 'PROVIDER_NOT_FOUND');
  return p;
}
