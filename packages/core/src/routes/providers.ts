import { defineEndpoint } from '../endpoint.js';

/** What the app may offer: configured social providers and enabled features. */
export const providers = defineEndpoint({
  method: 'GET',
  path: '/providers',
  async handler(c) {
    const social = (c.auth.extensions.social as { providerIds(): string[] } | undefined)?.providerIds() ?? [];
    return {
      socialProviders: social,
      features: {
        ...c.auth.features,
        deleteUser: c.auth.options.user.deleteUser.enabled,
        changeEmail: c.auth.options.user.changeEmail.enabled,
      },
    };
  },
});
