import { type Capability, defineCapability, routeList } from '../../kit.js';
import { multiSessionOptions, type MultiSessionOptions } from './config.js';
import { multiSessionPlugin, type multiSessionRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type MultiSessionCapability = Capability<'multiSession', MultiSessionOptions, (typeof multiSessionRoutes)[number]>;

/** Several accounts in one browser; off unless `enabled`. */
export const multiSessionCapability: MultiSessionCapability = defineCapability({
  key: 'multiSession',
  switch: 'off-unless-enabled',
  options: multiSessionOptions,
  features: ['multiSession'],
  plugin: (o: MultiSessionOptions | undefined) => multiSessionPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof multiSessionRoutes>(),
});
