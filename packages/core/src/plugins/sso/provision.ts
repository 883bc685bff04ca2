import { type Adapter, type Adopted, type AuthContext, isEmail, normalizeEmail, scimSeam, type UserRow } from '../../kit.js';
import { ssoConfig } from './config.js';
import { SSOFlowError } from './errors.js';
import { applyMembership, mappedRole } from './roles.js';
import { emailInDomains, type ProviderRow, parseDomains } from './store.js';

/** Who the IdP says signed in. */
export interface SSOIdentity {
  /** The NameID (SAML) or `sub` (OIDC): with the provider, what names the account. */
  accountId: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  image?: string;
  /** Every attribute (SAML) or claim (OIDC) the IdP sent: what a role mapping reads. */
  attributes?: Record<string, unknown>;
}

/** A member's role that a sign-in changed (role mapping), for the audit trail. */
export interface RoleChange {
  organizationId: string;
  before: string | null;
  after: string;
}

/**
 * Adds the user to the provider's organization with `role` (the default, or the role mapping's),
 * unless a member already; with a role mapping, a member's role follows it (never an owner's).
 */
async function ensureMembership(trx: Adapter, auth: AuthContext, provider: ProviderRow, userId: string, role: string): Promise<RoleChange | null> {
  const { provisioning } = ssoConfig(auth);
  if (!provider.organizationId || provisioning.disabled) return null;
  const done = await applyMembership(trx, auth, { organizationId: provider.organizationId, userId, role, follow: !!provider.roleMapping });
  return done.before === done.after ? null : { organizationId: provider.organizationId, ...done };
}

/**
 * Whether the account was made by the SCIM directory of the provider's own organization and is
 * active: that organization already vouched for the person, and the IdP may assert the address
 * (`mayAssert`, checked before). Any other existing account stays unlinked.
 */
async function provisionedByTheSameDirectory(auth: AuthContext, trx: Adapter, provider: ProviderRow, userId: string): Promise<boolean> {
  const scim = scimSeam.find(auth);
  if (!scim || !provider.organizationId) return false;
  const provisioning = await scim.provisioningOf(trx, userId);
  return provisioning?.active === true && provisioning.organizationId === provider.organizationId;
}

/** Whether this IdP may vouch for `email` (stricter than better-auth: only its verified domains, unless its organization opted out). */
export function mayAssert(auth: AuthContext, provider: ProviderRow, email: string): boolean {
  if (!ssoConfig(auth).verification.enabled || provider.allowAnyEmailDomain) return true;
  const domains = parseDomains(provider.domain);
  return provider.domainVerified === true && !!domains && emailInDomains(email, domains);
}

/**
 * Whether an existing account may be linked at its first sign-in through this provider: the
 * provider's organization verified the domain (DNS), the address is of that verified domain
 * (never by `allowAnyEmailDomain`), and the deployment trusts the IdP's word on the address
 * (`trustEmailVerified`) and the IdP says it is verified. The organization owns the mailboxes
 * of a domain it proved, so its IdP speaks for them; an unverified domain or another domain's
 * address stays `account_not_linked` (SECURITY.md, "Enterprise SSO").
 */
export function mayLinkByVerifiedDomain(auth: AuthContext, provider: ProviderRow, identity: SSOIdentity, email: string): boolean {
  const config = ssoConfig(auth);
  if (!config.verification.enabled || !provider.organizationId || provider.domainVerified !== true) return false;
  const domains = parseDomains(provider.domain);
  return !!domains && emailInDomains(email, domains) && config.trustEmailVerified && identity.emailVerified;
}

/**
 * Just-in-time provisioning, in one transaction: the user already linked to (provider,
 * accountId), or a new user with its account and membership. An existing user with that
 * email who is not linked is never attached silently (`account_not_linked`), except a person the
 * organization's own directory provisioned (SCIM, active) whom its own IdP now signs in: one
 * person, one user (issue 39), linked to (provider, accountId) from then on.
 */
export async function provisionUser(
  auth: AuthContext,
  provider: ProviderRow,
  identity: SSOIdentity,
  opts: { requestSignUp?: boolean } = {},
): Promise<{ user: UserRow; isNew: boolean; roleChange: RoleChange | null; linked?: boolean; adopted?: Adopted | null }> {
  const config = ssoConfig(auth);
  // Read before the transaction: the organization's roles are not among the rows it writes.
  const role =
    provider.organizationId && provider.roleMapping
      ? await mappedRole(auth, provider.organizationId, provider.roleMapping, identity.attributes, config.provisioning.defaultRole)
      : config.provisioning.defaultRole;
  try {
    return await auth.adapter.transaction(async (trx) => {
      const account = await trx.findOne<{ userId: string; createdAt: Date }>('account', [
        { field: 'providerId', value: provider.providerId },
        { field: 'accountId', value: identity.accountId },
      ]);
      if (account) {
        // An account older than the provider was made by an earlier provider of the same id (deleted,
        // or gone with its organization): a newcomer reusing the id never inherits its users.
        if (Math.floor(account.createdAt.getTime() / 1000) < Math.floor(provider.createdAt.getTime() / 1000)) throw new SSOFlowError('account_not_linked');
        const user = await trx.findOne<UserRow>('user', [{ field: 'id', value: account.userId }]);
        if (!user) throw new SSOFlowError('internal_server_error');
        return { user, isNew: false, roleChange: await ensureMembership(trx, auth, provider, user.id, role) };
      }
      const email = identity.email ? normalizeEmail(identity.email) : '';
      if (!email || !isEmail(email)) throw new SSOFlowError('email_not_found');
      if (!mayAssert(auth, provider, email)) throw new SSOFlowError('email_domain_not_allowed');
      const existing = await trx.findOne<UserRow>('user', [{ field: 'email', value: email }]);
      if (existing) {
        const byDirectory = await provisionedByTheSameDirectory(auth, trx, provider, existing.id);
        const byDomain = !byDirectory && mayLinkByVerifiedDomain(auth, provider, identity, email);
        if (!byDirectory && !byDomain) throw new SSOFlowError('account_not_linked');
        const linked = await trx.create('account', { userId: existing.id, providerId: provider.providerId, accountId: identity.accountId });
        if (!linked) throw new SSOFlowError('unable_to_create_user');
        // An address nobody had proven: whoever set the account up meanwhile (a password, another
        // provider, open sessions) loses it now that the domain's own IdP vouched for the mailbox.
        const adopted =
          byDomain && !existing.emailVerified
            ? await auth.adoption.adopt(trx, existing.id, { providerId: provider.providerId, accountId: identity.accountId })
            : null;
        return {
          user: adopted?.user ?? existing,
          isNew: false,
          linked: byDomain,
          adopted,
          roleChange: await ensureMembership(trx, auth, provider, existing.id, role),
        };
      }
      if (config.disableImplicitSignUp && !opts.requestSignUp) throw new SSOFlowError('signup_disabled');
      const user = await trx.create<UserRow>('user', {
        name: identity.name ?? email,
        email,
        emailVerified: config.trustEmailVerified && identity.emailVerified,
        image: identity.image ?? null,
      });
      if (!user) throw new SSOFlowError('unable_to_create_user');
      const created = await trx.create('account', { userId: user.id, providerId: provider.providerId, accountId: identity.accountId });
      if (!created) throw new SSOFlowError('unable_to_create_user');
      return { user, isNew: true, roleChange: await ensureMembership(trx, auth, provider, user.id, role) };
    });
  } catch (e) {
    if (e instanceof SSOFlowError) throw e;
    if (auth.database.caps.isUniqueViolation(e)) throw new SSOFlowError('unable_to_create_user');
    throw e;
  }
}
