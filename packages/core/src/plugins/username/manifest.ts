import { type Capability, defineCapability, routeList } from '../../kit.js';
import { usernameOptions, type UsernameOptions } from './config.js';
import { usernamePlugin, type usernameRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type UsernameCapability = Capability<'username', UsernameOptions, (typeof usernameRoutes)[number]>;

/** Sign-in by username beside the email address; on unless `enabled: false`. */
export const usernameCapability: UsernameCapability = defineCapability({
  key: 'username',
  switch: 'on-unless-disabled',
  options: usernameOptions,
  features: ['username'],
  plugin: (o: UsernameOptions | undefined) => usernamePlugin(o),
  routes: routeList<typeof usernameRoutes>(),
});
