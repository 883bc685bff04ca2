import { type Capability, defineCapability, routeList } from '../../kit.js';
import { adminOptionKeys, type AdminOptions } from './config.js';
import { adminPlugin, type adminRoutes } from './index.js';

/** The admin area: roles, bans, impersonation, users and their sessions; on unless `enabled: false`. */
export const adminCapability: Capability<'admin', AdminOptions, (ReturnType<typeof adminRoutes>)[number]> = defineCapability({
  key: 'admin',
  switch: 'on-unless-disabled',
  optionKeys: adminOptionKeys,
  features: ['admin'],
  plugin: (o: AdminOptions | undefined) => adminPlugin(o),
  routes: routeList<ReturnType<typeof adminRoutes>>(),
});
