import type { AuthContext, UserRow } from '../../kit.js';
import type { ProviderStorage } from './storage.js';

/** The claims of each scope (each key is a scope oidc-provider offers). `organization` only when the organization plugin is on. */
export const claimsConfig = (organizations: boolean) => ({
  // acr and amr (how the person signed in) are in every ID token, asked for or not.
  openid: ['sub', 'acr', 'amr'],
  email: ['email', 'email_verified'],
  profile: ['name', 'picture'],
  ...(organizations ? { organization: ['org_id', 'org_slug', 'org_name', 'org_role'] } : {}),
});

export const scopesFor = (organizations: boolean) => ['openid', 'offline_access', 'email', 'profile', ...(organizations ? ['organization'] : [])];

/** The model (in the provider's storage) holding, per grant, the organization active when it was last given. */
const GRANT_ORGANIZATION = 'GatehouseGrantOrganization';

/**
 * Remembers the organization active in the person's Gatehouse session when they let an
 * application in (or signed in to it again): its `org_*` claims are of that organization.
 */
export async function rememberOrganization(storage: ProviderStorage, grantId: string, organizationId: string | null, ttl: number): Promise<void> {
  await storage.model(GRANT_ORGANIZATION).upsert(grantId, { organizationId: organizationId ?? undefined } as never, ttl);
}

/** The organization remembered for a grant: its id, null for none, undefined when nothing was remembered. */
export async function rememberedOrganization(storage: ProviderStorage, grantId: string): Promise<string | null | undefined> {
  const found = (await storage.model(GRANT_ORGANIZATION).find(grantId)) as { organizationId?: string } | undefined;
  return found ? (found.organizationId ?? null) : undefined;
}

async function organizationClaims(auth: AuthContext, userId: string, organizationId: string) {
  const org = await auth.adapter.findOne<{ id: string; slug: string; name: string }>('organization', [{ field: 'id', value: organizationId }]);
  const member = org
    ? await auth.adapter.findOne<{ role: string }>('member', [
        { field: 'organizationId', value: org.id },
        { field: 'userId', value: userId },
      ])
    : null;
  // Left the organization (or it is gone) since: no organization claims.
  if (!org || !member) return {};
  return { org_id: org.id, org_slug: org.slug, org_name: org.name, org_role: member.role };
}

/**
 * Whether an organization's claims may be released for `scope` (the granted scope, space-separated)
 * and `requested` (the claims asked for by name through the `claims` parameter): its scope, or one
 * of its claims by name. Without a scope to look at, they may.
 */
export function asksOrganization(scope: unknown, requested: unknown): boolean {
  if (typeof scope !== 'string' || scope.split(' ').includes('organization')) return true;
  return typeof requested === 'object' && requested !== null && Object.keys(requested).some((claim) => claim.startsWith('org_'));
}

/** The claims of a person; oidc-provider keeps those of the granted scopes. */
export async function claimsFor(auth: AuthContext, storage: ProviderStorage, user: UserRow, grantId: string | undefined) {
  const organizationId = grantId ? await rememberedOrganization(storage, grantId) : undefined;
  return {
    sub: user.id,
    email: user.email,
    email_verified: Boolean(user.emailVerified),
    name: user.name,
    ...(user.image ? { picture: user.image } : {}),
    ...(organizationId ? await organizationClaims(auth, user.id, organizationId) : {}),
  };
}
