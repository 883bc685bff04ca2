import { type Capability, defineCapability, routeList } from '../../kit.js';
import { webhooksOptions, type WebhooksOptions } from './config.js';
import { webhooksPlugin, type webhooksRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type WebhooksCapability = Capability<'webhooks', WebhooksOptions, (typeof webhooksRoutes)[number]>;

/** Signed event deliveries to registered URLs; off unless `enabled`. */
export const webhooksCapability: WebhooksCapability = defineCapability({
  key: 'webhooks',
  switch: 'off-unless-enabled',
  options: webhooksOptions,
  features: ['webhooks'],
  plugin: (o: WebhooksOptions | undefined) => webhooksPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof webhooksRoutes>(),
});
