/**
 * Access control as data: a role is a set of per-resource statements
 * (spec section 6). Applications add or replace roles through
 * `options.organization.roles`; nothing here names a role but the defaults.
 */
export type Statements = Readonly<Record<string, readonly string[]>>;
export type Roles = Readonly<Record<string, Statements>>;

/** Every resource and action the built-in roles know (better-auth 1.7's default statements). */
export const DEFAULT_STATEMENTS: Statements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
};

// owner: all; admin: all but organization:delete; member: may read the roles (CONTRACT.md "Teams and custom roles").
export const DEFAULT_ROLES: Roles = {
  owner: DEFAULT_STATEMENTS,
  admin: { ...DEFAULT_STATEMENTS, organization: ['update'] },
  member: { organization: [], member: [], invitation: [], team: [], ac: ['read'] },
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

/** The resources a role may name: those of the built-in statements and of every configured role. */
export function knownResources(roles: Roles): Set<string> {
  const known = new Set(Object.keys(DEFAULT_STATEMENTS));
  for (const statements of Object.values(roles)) for (const resource of Object.keys(statements)) known.add(resource);
  return known;
}

/** The actions of `request` that `memberRole` does not grant, as `resource:action`. */
export function missingPermissions(roles: Roles, memberRole: string, request: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(request).flatMap(([resource, actions]) =>
    actions.filter((a) => !hasPermission(roles, memberRole, { [resource]: [a] })).map((a) => `${resource}:${a}`),
  );
}
