import { type Capability, defineCapability, routeList } from '../../kit.js';
import { scimOptions, type ScimOptions } from './config.js';
import { scimPlugin, type scimRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type ScimCapability = Capability<'scim', ScimOptions, (typeof scimRoutes)[number]>;

/** SCIM 2.0 provisioning of an organization's people and groups by its directory; off unless `enabled`. */
export const scimCapability: ScimCapability = defineCapability({
  key: 'scim',
  switch: 'off-unless-enabled',
  options: scimOptions,
  features: ['scim'],
  plugin: (o: ScimOptions | undefined, all) => scimPlugin(o ?? {}, (all as { organization?: { enabled?: boolean } }).organization?.enabled !== false),
  everythingOn: { enabled: true },
  routes: routeList<typeof scimRoutes>(),
});
