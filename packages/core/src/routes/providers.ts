import { defineEndpoint } from '../endpoint.js';

/** What the app may offer: configured social providers and enabled features. */
export const providers = defineEndpoint({
  method: 'GET',
  path: '/providers',
  async handler(c) {
    const ids = new Set(c.auth.plugins.map((p) => p.id));
    const social = (c.auth.extensions.social as { providerIds(): string[] } | undefined)?.providerIds() ?? [];
    return {
      socialProviders: social,
      features: {
        username: ids.has('username'),
        twoFactor: ids.has('two-factor'),
        organization: ids.has('organization'),
        admin: ids.has('admin'),
        deleteUser: c.auth.options.user.deleteUser.enabled,
        changeEmail: c.auth.options.user.changeEmail.enabled,
      },
    };
  },
});
