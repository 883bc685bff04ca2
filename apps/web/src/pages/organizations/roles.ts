import { DEFAULT_ROLES, hasPermission, roleNames, type Statements } from '@gatehouse/core/client';

/** How many actions a role's statements grant: the role pickers list the weakest first. */
const strength = (statements: Statements) => Object.values(statements).reduce((n, actions) => n + actions.length, 0);

/** The roles the organization plugin declares, as the role pickers offer them. */
export const ORGANIZATION_ROLES = Object.entries(DEFAULT_ROLES)
  .sort(([, a], [, b]) => strength(a) - strength(b))
  .map(([value]) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

/** Roles that may invite, change roles and remove members: the plugin's own permission check (spec section 6). */
export function canManage(role: string | undefined): boolean {
  return hasPermission(DEFAULT_ROLES, role ?? '', { invitation: ['create'], member: ['update', 'delete'] });
}

/** The role an organization's creator gets (the plugin's default `creatorRole`): only it may change or remove itself. */
const OWNER = 'owner';

/** A member's role may hold several roles ("admin,billing"), as the plugin reads it. */
export function isOwner(role: string | undefined): boolean {
  return roleNames(role).includes(OWNER);
}
