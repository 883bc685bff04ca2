import { type Capability, defineCapability, routeList } from '../../kit.js';
import { multiSessionOptionKeys, type MultiSessionOptions } from './config.js';
import { multiSessionPlugin, type multiSessionRoutes } from './index.js';

/** Several accounts in one browser; off unless `enabled`. */
export const multiSessionCapability: Capability<'multiSession', MultiSessionOptions, (typeof multiSessionRoutes)[number]> = defineCapability({
  key: 'multiSession',
  switch: 'off-unless-enabled',
  optionKeys: multiSessionOptionKeys,
  features: ['multiSession'],
  plugin: (o: MultiSessionOptions | undefined) => multiSessionPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof multiSessionRoutes>(),
});
