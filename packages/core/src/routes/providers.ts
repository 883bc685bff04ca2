import { defineEndpoint } from '../endpoint.js';
import type { Branding } from '../options.js';
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
    return { socialProviders: social, features, branding: publicBranding(c.auth.options.branding) };
  },
});

/** Only the branding's own three texts, each when set (a library caller's options are not checked like the server's config). */
function publicBranding(branding: Branding | undefined): Branding {
  const out: Branding = {};
  for (const key of ['name', 'logoUrl', 'color'] as const) {
    const value = branding?.[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  return out;
}
