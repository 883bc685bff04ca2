import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { organizationRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server
// (access.ts, re-exported below, is itself data and pure functions).

export { DEFAULT_ROLES, hasPermission, roleNames, type Roles, type Statements } from './access.js';

declare module '../../public-types.js' {
  /** `GET /providers`: whether the organization plugin runs. */
  interface PublicFeatures {
    organization: boolean;
    /** `organization.teams.enabled`. */
    organizationTeams: boolean;
    /** `organization.dynamicAccessControl.enabled`. */
    organizationRoles: boolean;
  }
  /** The organization plugin's session field (schema.ts). */
  interface PublicSession {
    activeOrganizationId?: string | null;
    /** With `organization.teams` on. */
    activeTeamId?: string | null;
  }
}

export type OrganizationRoutes = RoutesOf<ReturnType<typeof organizationRoutes>[number]>;

/** The organization plugin's client side; `organization` is bumped by every write. */
export const organizationClient: ClientPlugin<OrganizationRoutes, 'organization'> = {
  id: 'organization',
  methods: {
    '/organization/create': 'POST',
    '/organization/check-slug': 'POST',
    '/organization/update': 'POST',
    '/organization/delete': 'POST',
    '/organization/get-full-organization': 'GET',
    '/organization/get-organization': 'GET',
    '/organization/set-active': 'POST',
    '/organization/list': 'GET',
    '/organization/get-active-member': 'GET',
    '/organization/get-active-member-role': 'GET',
    '/organization/list-members': 'GET',
    '/organization/update-member-role': 'POST',
    '/organization/remove-member': 'POST',
    '/organization/leave': 'POST',
    '/organization/invite-member': 'POST',
    '/organization/list-invitations': 'GET',
    '/organization/list-user-invitations': 'GET',
    '/organization/get-invitation': 'GET',
    '/organization/invitation-preview': 'GET',
    '/organization/accept-invitation': 'POST',
    '/organization/reject-invitation': 'POST',
    '/organization/cancel-invitation': 'POST',
    '/organization/has-permission': 'POST',
    '/organization/create-team': 'POST',
    '/organization/list-teams': 'GET',
    '/organization/update-team': 'POST',
    '/organization/remove-team': 'POST',
    '/organization/add-team-member': 'POST',
    '/organization/remove-team-member': 'POST',
    '/organization/set-active-team': 'POST',
    '/organization/list-user-teams': 'GET',
    '/organization/list-team-members': 'GET',
    '/organization/create-role': 'POST',
    '/organization/list-roles': 'GET',
    '/organization/get-role': 'GET',
    '/organization/update-role': 'POST',
    '/organization/delete-role': 'POST',
  },
  changesSession: {
    '/organization/create': true,
    '/organization/delete': true,
    '/organization/set-active': true,
    '/organization/remove-member': true,
    '/organization/leave': true,
    '/organization/accept-invitation': true,
    '/organization/remove-team': true,
    '/organization/remove-team-member': true,
    '/organization/set-active-team': true,
  },
  signals: {
    organization: [
      '/organization/create',
      '/organization/update',
      '/organization/delete',
      '/organization/set-active',
      '/organization/update-member-role',
      '/organization/remove-member',
      '/organization/leave',
      '/organization/invite-member',
      '/organization/accept-invitation',
      '/organization/reject-invitation',
      '/organization/cancel-invitation',
      '/organization/create-team',
      '/organization/update-team',
      '/organization/remove-team',
      '/organization/add-team-member',
      '/organization/remove-team-member',
      '/organization/set-active-team',
      '/organization/create-role',
      '/organization/update-role',
      '/organization/delete-role',
    ],
  },
};
