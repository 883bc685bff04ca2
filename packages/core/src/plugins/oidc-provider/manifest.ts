import { type Capability, defineCapability, routeList } from '../../kit.js';
import { oidcProviderOptionKeys, type OidcProviderOptions } from './config.js';
import { oidcProviderPlugin, type oidcProviderRoutes } from './index.js';

/** Gatehouse as an OpenID provider for your own apps; off unless `enabled`. */
export const oidcProviderCapability: Capability<'oidcProvider', OidcProviderOptions, (ReturnType<typeof oidcProviderRoutes>)[number]> = defineCapability({
  key: 'oidcProvider',
  switch: 'off-unless-enabled',
  optionKeys: oidcProviderOptionKeys,
  features: ['oidcProvider'],
  plugin: (o: OidcProviderOptions | undefined) => oidcProviderPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<ReturnType<typeof oidcProviderRoutes>>(),
});
