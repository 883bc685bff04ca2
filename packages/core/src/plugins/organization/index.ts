import { definePlugin, organizationSeam } from '../../kit.js';
import './audit-events.js';
import { type OrganizationConfig, type OrganizationOptions, resolveOrganizationOptions } from './config.js';
import { ORGANIZATION_ERRORS } from './errors.js';
import { rolesIn } from './roles.js';
import { acceptInvitation } from './routes/accept-invitation.js';
import { addTeamMember } from './routes/add-team-member.js';
import { cancelInvitation } from './routes/cancel-invitation.js';
import { checkSlug } from './routes/check-slug.js';
import { createOrganization } from './routes/create.js';
import { createRole } from './routes/create-role.js';
import { createTeam } from './routes/create-team.js';
import { deleteOrganization } from './routes/delete.js';
import { deleteRole } from './routes/delete-role.js';
import { getActiveMember } from './routes/get-active-member.js';
import { getActiveMemberRole } from './routes/get-active-member-role.js';
import { getFullOrganization } from './routes/get-full-organization.js';
import { getOrganization } from './routes/get-organization.js';
import { getInvitation } from './routes/get-invitation.js';
import { getRole } from './routes/get-role.js';
import { hasPermissionRoute } from './routes/has-permission.js';
import { invitationPreview } from './routes/invitation-preview.js';
import { inviteMember } from './routes/invite-member.js';
import { leaveOrganization } from './routes/leave.js';
import { listInvitations } from './routes/list-invitations.js';
import { listMembers } from './routes/list-members.js';
import { listOrganizations } from './routes/list.js';
import { listRoles } from './routes/list-roles.js';
import { listTeamMembers } from './routes/list-team-members.js';
import { listTeams } from './routes/list-teams.js';
import { listUserTeams } from './routes/list-user-teams.js';
import { listUserInvitations } from './routes/list-user-invitations.js';
import { rejectInvitation } from './routes/reject-invitation.js';
import { removeMember } from './routes/remove-member.js';
import { removeTeam } from './routes/remove-team.js';
import { removeTeamMember } from './routes/remove-team-member.js';
import { setActive } from './routes/set-active.js';
import { setActiveTeamRoute } from './routes/set-active-team.js';
import { updateMemberRole } from './routes/update-member-role.js';
import { updateRole } from './routes/update-role.js';
import { updateTeam } from './routes/update-team.js';
import { updateOrganization } from './routes/update.js';
import { organizationSchemaFor } from './schema.js';
import { ORGANIZATION_MESSAGES } from './translations.js';

export { DEFAULT_ROLES, hasPermission, type Roles, type Statements } from './access.js';
export { ORGANIZATION_ERRORS } from './errors.js';
export type { OrganizationAuditEvent } from './audit-events.js';
export type { OrganizationOptions } from './config.js';

/** Teams (`teams.enabled`). */
function teamRoutes(o: OrganizationConfig) {
  return [
    createTeam(o),
    listTeams(),
    updateTeam(o),
    removeTeam(o),
    addTeamMember(o),
    removeTeamMember(o),
    setActiveTeamRoute(),
    listUserTeams(o),
    listTeamMembers(),
  ] as const;
}

/** The organization's own roles (`dynamicAccessControl.enabled`). */
function roleRoutes(o: OrganizationConfig) {
  return [createRole(o), listRoles(o), getRole(o), updateRole(o), deleteRole(o)] as const;
}

/** The organization routes for resolved options, with their precise types (route-types.ts derives the client's from them). */
export function organizationRoutes(o: OrganizationConfig) {
  return [
    createOrganization(o),
    checkSlug(),
    updateOrganization(o),
    deleteOrganization(o),
    getFullOrganization(o),
    getOrganization(),
    setActive(o),
    listOrganizations(),
    getActiveMember(),
    getActiveMemberRole(),
    listMembers(),
    updateMemberRole(o),
    removeMember(o),
    leaveOrganization(o),
    inviteMember(o),
    listInvitations(),
    listUserInvitations(),
    getInvitation(),
    invitationPreview(),
    acceptInvitation(o),
    rejectInvitation(),
    cancelInvitation(o),
    hasPermissionRoute(o),
    ...(o.teams.enabled ? teamRoutes(o) : []),
    ...(o.dynamicAccessControl.enabled ? roleRoutes(o) : []),
  ] as const;
}

/**
 * Organizations with members, roles (access control as data) and invitations
 * (spec sections 3, 4, 6, 7); teams and per-organization roles when their options are on.
 * Off with `organization: { enabled: false }`.
 */
export function organizationPlugin(options: OrganizationOptions = {}) {
  const o = resolveOrganizationOptions(options);
  const endpoints = organizationRoutes(o);
  return definePlugin({
    id: 'organization',
    // Teams and custom roles: whether the app shows their pages.
    features: { organization: true, organizationTeams: o.teams.enabled, organizationRoles: o.dynamicAccessControl.enabled },
    schema: organizationSchemaFor(o),
    errors: ORGANIZATION_ERRORS,
    messages: ORGANIZATION_MESSAGES,
    endpoints,
    init(auth) {
      // Which roles an organization has, for another capability that assigns them (sso's role mapping).
      organizationSeam.set(auth, { roleNamesOf: async (organizationId) => Object.keys(await rolesIn(auth, o, organizationId)) });
    },
  });
}
