/**
 * Access control as data: a role is a set of per-resource statements
 * (spec section 6). Applications add or replace roles through
 * `options.organization.roles`; nothing here names a role but the defaults.
 */
export type Statements = Readonly<Record<string, readonly string[]>>;
export type Roles = Readonly<Record<string, Statements>>;

export const DEFAULT_ROLES: Roles = {
  owner: { organization: ['update', 'delete'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'] },
  admin: { organization: ['update'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'] },
  member: { organization: [], member: [], invitation: [] },
};

/** A member's role may hold several roles, comma-separated ("admin,billing"). */
export function roleNames(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function roleExists(roles: Roles, role: string): boolean {
  const names = roleNames(role);
  return names.length > 0 && names.every((r) => Object.hasOwn(roles, r));
}

/** True when the member's roles together grant every requested action. */
export function hasPermission(roles: Roles, memberRole: string, request: Readonly<Record<string, readonly string[]>>): boolean {
  const granted = new Map<string, Set<string>>();
  for (const name of roleNames(memberRole)) {
    if (!Object.hasOwn(roles, name)) continue;
    for (const [resource, actions] of Object.entries(roles[name]!)) {
      const set = granted.get(resource) ?? new Set<string>();
      for (const a of actions) set.add(a);
      granted.set(resource, set);
    }
  }
  return Object.entries(request).every(([resource, actions]) => actions.every((a) => granted.get(resource)?.has(a) ?? false));
}
