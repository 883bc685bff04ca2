import { type Capability, defineCapability, routeList } from '../../kit.js';
import { twoFactorOptions, type TwoFactorOptions } from './config.js';
import { twoFactorPlugin, type twoFactorRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type TwoFactorCapability = Capability<'twoFactor', TwoFactorOptions, (typeof twoFactorRoutes)[number]>;

/** A second factor: an authenticator app (TOTP), a mailed code, backup codes; on unless `enabled: false`. */
export const twoFactorCapability: TwoFactorCapability = defineCapability({
  key: 'twoFactor',
  switch: 'on-unless-disabled',
  options: twoFactorOptions,
  features: ['twoFactor'],
  plugin: (o: TwoFactorOptions | undefined) => twoFactorPlugin(o),
  routes: routeList<typeof twoFactorRoutes>(),
});
