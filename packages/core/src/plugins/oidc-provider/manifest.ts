import { type Capability, defineCapability, routeList } from '../../kit.js';
import { oidcProviderOptions, type OidcProviderOptions } from './config.js';
import { oidcProviderPlugin, type oidcProviderRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type OidcProviderCapability = Capability<'oidcProvider', OidcProviderOptions, ReturnType<typeof oidcProviderRoutes>[number]>;

/** Gatehouse as an OpenID provider for your own apps; off unless `enabled`. */
export const oidcProviderCapability: OidcProviderCapability = defineCapability({
  key: 'oidcProvider',
  switch: 'off-unless-enabled',
  options: oidcProviderOptions,
  features: ['oidcProvider'],
  plugin: (o: OidcProviderOptions | undefined) => oidcProviderPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<ReturnType<typeof oidcProviderRoutes>>(),
});
