import { type Capability, defineCapability, routeList } from '../../kit.js';
import { ssoOptions, type SSOOptions } from './config.js';
import { ssoPlugin, type ssoRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type SsoCapability = Capability<'sso', SSOOptions, ReturnType<typeof ssoRoutes>[number]>;

/** Enterprise single sign-on (SAML 2.0, OpenID Connect) per organization; off unless `enabled`. */
export const ssoCapability: SsoCapability = defineCapability({
  key: 'sso',
  switch: 'off-unless-enabled',
  options: ssoOptions,
  features: ['sso'],
  plugin: (o: SSOOptions | undefined) => ssoPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<ReturnType<typeof ssoRoutes>>(),
});
