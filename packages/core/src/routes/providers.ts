import { defineEndpoint } from '../endpoint.js';
import type { PublicFeatures } from '../public-types.js';

/** What the app may offer: configured social providers and enabled features. */
export const providers = defineEndpoint({
  method: 'GET',
  path: '/providers',
  async handler(c) {
    const social = (c.auth.extensions.social as { providerIds(): string[] } | undefined)?.providerIds() ?? [];
    // The plugins' flags (each plugin's client.ts adds its own to PublicFeatures' type).
    const features = {
      ...c.auth.features,
      deleteUser: c.auth.options.user.deleteUser.enabled,
      changeEmail: c.auth.options.user.changeEmail.enabled,
    } as PublicFeatures;
    return { socialProviders: social, features };
  },
});
