import { type Capability, defineCapability, routeList } from '../../kit.js';
import { webhooksOptionKeys, type WebhooksOptions } from './config.js';
import { webhooksPlugin, type webhooksRoutes } from './index.js';

/** Signed event deliveries to registered URLs; off unless `enabled`. */
export const webhooksCapability: Capability<'webhooks', WebhooksOptions, (typeof webhooksRoutes)[number]> = defineCapability({
  key: 'webhooks',
  switch: 'off-unless-enabled',
  optionKeys: webhooksOptionKeys,
  features: ['webhooks'],
  plugin: (o: WebhooksOptions | undefined) => webhooksPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof webhooksRoutes>(),
});
