import { type Adapter, type AuthContext, memberRoles, organizationSeam } from '../../kit.js';
import { ssoError } from './errors.js';
import type { RoleMappingInput } from './inputs.js';
import type { RoleMapping } from './store.js';

/** The role an identity provider never grants, and a sign-in never takes away: the organization's owner stays its owner. */
const OWNER = 'owner';

async function roleNamesOf(auth: AuthContext, organizationId: string): Promise<Set<string>> {
  const seam = organizationSeam.find(auth);
  return new Set(seam ? await seam.roleNamesOf(organizationId) : []);
}

/**
 * A role mapping as kept, checked against the organization's roles (configured or its own): a
 * connection of no organization has none to give (400), `owner` is never given (400), a name the
 * organization does not have is refused (400) rather than failing at sign-in.
 */
export async function checkRoleMapping(
  auth: AuthContext,
  organizationId: string | null,
  input: RoleMappingInput | null | undefined,
): Promise<RoleMapping | null> {
  if (!input) return null;
  if (!organizationId) throw ssoError('BAD_REQUEST', 'ROLE_MAPPING_NEEDS_ORGANIZATION');
  const names = [...input.rules.map((r) => r.role), ...(input.defaultRole ? [input.defaultRole] : [])];
  if (names.some((n) => n === OWNER)) throw ssoError('BAD_REQUEST', 'ROLE_MAPPING_OWNER');
  const known = await roleNamesOf(auth, organizationId);
  if (names.some((n) => !known.has(n))) throw ssoError('BAD_REQUEST', 'ROLE_MAPPING_UNKNOWN_ROLE');
  return {
    attribute: input.attribute,
    rules: input.rules.map((r) => ({ value: r.value, role: r.role })),
    ...(input.defaultRole ? { defaultRole: input.defaultRole } : {}),
  };
}

/** An attribute's or claim's values as strings: a list, one string, or nothing. */
export function valuesOf(attributes: Record<string, unknown> | undefined, name: string): string[] {
  const v = attributes ? attributes[name] : undefined;
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.filter((x): x is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof x)).map(String);
}

/**
 * The role (comma-separated when several) a sign-in's attributes give under `mapping`: every
 * rule whose value the attribute holds (exactly), in the rules' order; none → the mapping's
 * default, else `fallback`. A role the organization no longer has (a custom role deleted since)
 * is left out.
 */
export async function mappedRole(
  auth: AuthContext,
  organizationId: string,
  mapping: RoleMapping,
  attributes: Record<string, unknown> | undefined,
  fallback: string,
): Promise<string> {
  const values = new Set(valuesOf(attributes, mapping.attribute));
  const known = await roleNamesOf(auth, organizationId);
  const matched = [...new Set(mapping.rules.filter((r) => values.has(r.value)).map((r) => r.role))].filter((r) => r !== OWNER && known.has(r));
  if (matched.length) return matched.join(',');
  const base = mapping.defaultRole && known.has(mapping.defaultRole) ? mapping.defaultRole : fallback;
  return base;
}

/**
 * The membership after a sign-in through the provider: created with `role` if missing; with a
 * role mapping, an existing member's role follows it (the IdP is the source of truth for the
 * roles it maps) except an owner's, which no sign-in changes. Answers the role before and after.
 */
export async function applyMembership(
  trx: Adapter,
  auth: AuthContext,
  input: { organizationId: string; userId: string; role: string; follow: boolean },
): Promise<{ before: string | null; after: string }> {
  const where = [
    { field: 'organizationId', value: input.organizationId },
    { field: 'userId', value: input.userId },
  ];
  const member = await trx.findOne<{ id: string; role: string }>('member', where);
  if (!member) {
    await trx.create('member', { organizationId: input.organizationId, userId: input.userId, role: input.role, createdAt: new Date(auth.now()) });
    return { before: null, after: input.role };
  }
  if (!input.follow || memberRoles(member.role).includes(OWNER) || member.role === input.role) return { before: member.role, after: member.role };
  await trx.update('member', [{ field: 'id', value: member.id }], { role: input.role });
  return { before: member.role, after: input.role };
}
