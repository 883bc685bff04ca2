import { type Capability, defineCapability, routeList } from '../../kit.js';
import { apiKeyOptions, type ApiKeyOptions } from './config.js';
import { apiKeyPlugin, type apiKeyRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type ApiKeyCapability = Capability<'apiKey', ApiKeyOptions, (typeof apiKeyRoutes)[number]>;

/** API keys (`x-api-key`) for scripts; off unless `enabled`. */
export const apiKeyCapability: ApiKeyCapability = defineCapability({
  key: 'apiKey',
  switch: 'off-unless-enabled',
  options: apiKeyOptions,
  features: ['apiKey'],
  plugin: (o: ApiKeyOptions | undefined) => apiKeyPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof apiKeyRoutes>(),
});
