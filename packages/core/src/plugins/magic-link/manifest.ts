import { type Capability, defineCapability, routeList } from '../../kit.js';
import { magicLinkOptions, type MagicLinkOptions } from './config.js';
import { magicLinkPlugin, type magicLinkRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type MagicLinkCapability = Capability<'magicLink', MagicLinkOptions, (typeof magicLinkRoutes)[number]>;

/** Sign-in links by mail; off unless `enabled`. */
export const magicLinkCapability: MagicLinkCapability = defineCapability({
  key: 'magicLink',
  switch: 'off-unless-enabled',
  options: magicLinkOptions,
  features: ['magicLink'],
  plugin: (o: MagicLinkOptions | undefined) => magicLinkPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof magicLinkRoutes>(),
});
