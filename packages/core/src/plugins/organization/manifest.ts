import { type Capability, defineCapability, routeList } from '../../kit.js';
import { organizationOptions, type OrganizationOptions } from './config.js';
import { organizationPlugin, type organizationRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type OrganizationCapability = Capability<'organization', OrganizationOptions, ReturnType<typeof organizationRoutes>[number]>;

/** Organizations, members, invitations, teams and custom roles; on unless `enabled: false`. */
export const organizationCapability: OrganizationCapability = defineCapability({
  key: 'organization',
  switch: 'on-unless-disabled',
  options: organizationOptions,
  features: ['organization', 'organizationTeams', 'organizationRoles'],
  plugin: (o: OrganizationOptions | undefined) => organizationPlugin(o),
  everythingOn: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
  routes: routeList<ReturnType<typeof organizationRoutes>>(),
});
