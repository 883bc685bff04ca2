import { definePlugin } from '../../plugin.js';
import { type OrganizationConfig, type OrganizationOptions, resolveOrganizationOptions } from './config.js';
import { ORGANIZATION_ERRORS } from './errors.js';
import { acceptInvitation } from './routes/accept-invitation.js';
import { cancelInvitation } from './routes/cancel-invitation.js';
import { checkSlug } from './routes/check-slug.js';
import { createOrganization } from './routes/create.js';
import { deleteOrganization } from './routes/delete.js';
import { getActiveMember } from './routes/get-active-member.js';
import { getActiveMemberRole } from './routes/get-active-member-role.js';
import { getFullOrganization } from './routes/get-full-organization.js';
import { getInvitation } from './routes/get-invitation.js';
import { hasPermissionRoute } from './routes/has-permission.js';
import { invitationPreview } from './routes/invitation-preview.js';
import { inviteMember } from './routes/invite-member.js';
import { leaveOrganization } from './routes/leave.js';
import { listInvitations } from './routes/list-invitations.js';
import { listMembers } from './routes/list-members.js';
import { listOrganizations } from './routes/list.js';
import { listUserInvitations } from './routes/list-user-invitations.js';
import { rejectInvitation } from './routes/reject-invitation.js';
import { removeMember } from './routes/remove-member.js';
import { setActive } from './routes/set-active.js';
import { updateMemberRole } from './routes/update-member-role.js';
import { updateOrganization } from './routes/update.js';
import { organizationSchema } from './schema.js';
import { ORGANIZATION_MESSAGES } from './translations.js';

export { DEFAULT_ROLES, hasPermission, type Roles, type Statements } from './access.js';
export { ORGANIZATION_ERRORS } from './errors.js';
export type { OrganizationOptions } from './config.js';

/** The organization routes for resolved options, with their precise types (route-types.ts derives the client's from them). */
export function organizationRoutes(o: OrganizationConfig) {
  return [
    createOrganization(o),
    checkSlug(),
    updateOrganization(o),
    deleteOrganization(o),
    getFullOrganization(),
    setActive(),
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
    acceptInvitation(),
    rejectInvitation(),
    cancelInvitation(o),
    hasPermissionRoute(o),
  ] as const;
}

/**
 * Organizations with members, roles (access control as data) and invitations
 * (spec sections 3, 4, 6, 7). Off with `organization: { enabled: false }`.
 */
export function organizationPlugin(options: OrganizationOptions = {}) {
  const o = resolveOrganizationOptions(options);
  const endpoints = organizationRoutes(o);
  return definePlugin({
    id: 'organization',
    features: { organization: true },
    schema: organizationSchema,
    errors: ORGANIZATION_ERRORS,
    messages: ORGANIZATION_MESSAGES,
    endpoints,
  });
}
