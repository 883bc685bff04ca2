import type { AuthContext } from '../../kit.js';
import { type DefaultSSOProvider, ssoConfig } from './config.js';
import { oidcInput, samlInput } from './inputs.js';
import { oidcSettings, samlSettings } from './settings.js';
import { findProvider, type ProviderRow, parseDomains } from './store.js';

export interface SignInTarget {
  email?: string;
  domain?: string;
  providerId?: string;
  organizationSlug?: string;
}

/** A provider of the options (`defaultSSO`) as a row: the operator configured it, so its domain counts as verified. */
async function fromOptions(auth: AuthContext, d: DefaultSSOProvider): Promise<ProviderRow | null> {
  const issuer = d.issuer ?? (typeof d.oidcConfig?.issuer === 'string' ? d.oidcConfig.issuer : auth.baseURL);
  try {
    const saml = d.samlConfig ? await samlSettings(auth, issuer, samlInput.parse(d.samlConfig)) : null;
    const oidc = !saml && d.oidcConfig ? await oidcSettings(auth, issuer, oidcInput.parse(d.oidcConfig)) : null;
    if (!saml && !oidc) return null;
    const epoch = new Date(0);
    return {
      id: `default:${d.providerId}`,
      providerId: d.providerId,
      issuer,
      domain: (parseDomains(d.domain) ?? []).join(','),
      domainVerified: true,
      allowAnyEmailDomain: true,
      samlConfig: saml,
      oidcConfig: oidc,
      userId: '',
      organizationId: d.organizationId ?? null,
      createdAt: epoch,
    };
  } catch (e) {
    auth.logger.warn({ providerId: d.providerId, err: String(e) }, 'sso: defaultSSO provider ignored');
    return null;
  }
}

/** A registered provider, else one of the options. */
export async function providerById(auth: AuthContext, providerId: string): Promise<ProviderRow | null> {
  const row = await findProvider(auth, providerId);
  if (row) return row;
  const d = ssoConfig(auth).defaultSSO.find((p) => p.providerId === providerId);
  return d ? fromOptions(auth, d) : null;
}

/**
 * The provider a sign-in goes to. By email or domain: with domain verification on (the default),
 * only the provider whose organization verified that domain (stricter than better-auth, whose
 * first registrant of a domain captures it); without it, the first registered for the domain.
 * An unverified provider is reached by providerId or organizationSlug only.
 */
export async function resolveProvider(auth: AuthContext, target: SignInTarget): Promise<ProviderRow | null> {
  if (target.providerId) return providerById(auth, target.providerId);
  if (target.organizationSlug) {
    const org = await auth.adapter.findOne<{ id: string }>('organization', [{ field: 'slug', value: target.organizationSlug }]);
    if (!org) return null;
    const rows = await auth.adapter.findMany<ProviderRow>('ssoProvider', {
      where: [{ field: 'organizationId', value: org.id }],
      sortBy: { field: 'createdAt', direction: 'asc' },
    });
    return rows.find((p) => p.domainVerified) ?? rows[0] ?? null;
  }
  const raw = target.email ? target.email.slice(target.email.lastIndexOf('@') + 1) : (target.domain ?? '');
  const domain = raw.trim().toLowerCase();
  if (!domain) return null;
  const verifying = ssoConfig(auth).verification.enabled;
  const candidates = await auth.adapter.findMany<ProviderRow>('ssoProvider', {
    where: [{ field: 'domain', value: domain, operator: 'contains' }, ...(verifying ? [{ field: 'domainVerified', value: true }] : [])],
    sortBy: { field: 'createdAt', direction: 'asc' },
  });
  const match = candidates.find((p) => (parseDomains(p.domain) ?? []).includes(domain));
  if (match) return match;
  const d = ssoConfig(auth).defaultSSO.find((p) => (parseDomains(p.domain) ?? []).includes(domain));
  return d ? fromOptions(auth, d) : null;
}
