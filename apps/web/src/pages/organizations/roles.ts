export const ORGANIZATION_ROLES = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner' },
] as const;

/** Roles that may invite, change roles and remove members (spec section 6). */
export function canManage(role: string | undefined): boolean {
  return (role ?? '').split(',').some((r) => r === 'owner' || r === 'admin');
}
