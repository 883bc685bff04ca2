import { type Capability, defineCapability, routeList } from '../../kit.js';
import { adminOptions, type AdminOptions } from './config.js';
import { adminPlugin, type adminRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type AdminCapability = Capability<'admin', AdminOptions, ReturnType<typeof adminRoutes>[number]>;

/** The admin area: roles, bans, impersonation, users and their sessions; on unless `enabled: false`. */
export const adminCapability: AdminCapability = defineCapability({
  key: 'admin',
  switch: 'on-unless-disabled',
  options: adminOptions,
  features: ['admin'],
  plugin: (o: AdminOptions | undefined) => adminPlugin(o),
  routes: routeList<ReturnType<typeof adminRoutes>>(),
});
