import { createHash, X509Certificate } from 'node:crypto';
import type { AuthContext, Row, SignedInContext } from '../../kit.js';
import { ssoError } from './errors.js';

/** SAML settings as kept (the private key, if any, sealed). */
export interface SamlSettings {
  entryPoint: string;
  /** The IdP's signing certificates, PEM: several for a rotation. */
  cert: string[];
  idpEntityID: string;
  /** The SP's entity ID: the AuthnRequest's Issuer and the expected Audience. */
  spEntityID: string;
  wantAssertionsSigned: boolean;
  authnRequestsSigned: boolean;
  identifierFormat?: string;
  signatureAlgorithm?: string;
  digestAlgorithm?: string;
  /** Sealed with the auth secret. */
  privateKey?: string;
  mapping?: AttributeMapping;
  /** The IdP's SingleLogoutService (HTTP-Redirect): where a LogoutRequest / LogoutResponse is sent; none: local sign-out only. */
  logoutUrl?: string;
  /** Where the IdP's metadata was read from (when it was fetched). */
  metadataUrl?: string;
  /** The metadata's validUntil, when it had one (ISO). */
  metadataValidUntil?: string;
}

/** OIDC settings as kept (the client secret sealed). */
export interface OidcSettings {
  clientId: string;
  clientSecret: string;
  pkce: boolean;
  issuer: string;
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint?: string;
  jwksEndpoint?: string;
  scopes: string[];
  tokenEndpointAuthentication: 'client_secret_post' | 'client_secret_basic';
  mapping?: AttributeMapping;
}

/** Which claim or attribute gives which user field. */
export interface AttributeMapping {
  id?: string;
  email?: string;
  emailVerified?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
}

/** An IdP attribute (SAML) or claim (OIDC), its values → organization roles. */
export interface RoleMapping {
  attribute: string;
  rules: { value: string; role: string }[];
  /** The role when no rule matches (default: the plugin's `organizationProvisioning.defaultRole`). */
  defaultRole?: string;
}

export interface ProviderRow extends Row {
  id: string;
  providerId: string;
  issuer: string;
  domain: string;
  domainVerified: boolean;
  allowAnyEmailDomain: boolean;
  roleMapping?: RoleMapping | null;
  requireSso?: boolean;
  oidcConfig: OidcSettings | null;
  samlConfig: SamlSettings | null;
  userId: string;
  organizationId: string | null;
  createdAt: Date;
}

/** Lower-cased domains of a `domain` field (comma-separated), or null when one is not a host name. */
export function parseDomains(value: string): string[] | null {
  const list = value
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  const host = new RegExp(`^${label}(?:\\.${label})*$`);
  if (!list.length || list.some((d) => d.length > 253 || !host.test(d))) return null;
  return [...new Set(list)];
}

/** True when `email`'s domain is one of `domains` or below one of them. */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email.slice(at + 1).toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

export function providerType(p: ProviderRow): 'saml' | 'oidc' {
  return p.samlConfig ? 'saml' : 'oidc';
}

export function findProvider(auth: AuthContext, providerId: string): Promise<ProviderRow | null> {
  return auth.adapter.findOne<ProviderRow>('ssoProvider', [{ field: 'providerId', value: providerId }]);
}

/** A role string ("admin,billing") that holds owner or admin. */
export function isAdminRole(role: unknown): boolean {
  return typeof role === 'string' && role.split(',').some((r) => ['owner', 'admin'].includes(r.trim()));
}

export async function memberRole(auth: AuthContext, organizationId: string, userId: string): Promise<string | null> {
  const m = await auth.adapter.findOne<{ role: string }>('member', [
    { field: 'organizationId', value: organizationId },
    { field: 'userId', value: userId },
  ]);
  return m ? m.role : null;
}

/** Whether the user manages the provider: its organization's owner or admin, or (no organization) who registered it. */
export async function canManage(auth: AuthContext, provider: ProviderRow, userId: string): Promise<boolean> {
  if (provider.organizationId) return isAdminRole(await memberRole(auth, provider.organizationId, userId));
  return provider.userId === userId;
}

/** The provider the caller manages: 404 when there is none, 403 when it is not theirs. */
export async function requireManagedProvider(c: SignedInContext, providerId: string): Promise<ProviderRow> {
  const provider = await findProvider(c.auth, providerId);
  if (!provider) throw ssoError('NOT_FOUND', 'PROVIDER_NOT_FOUND');
  if (!(await canManage(c.auth, provider, c.session.user.id))) throw ssoError('FORBIDDEN', 'PROVIDER_ACCESS_DENIED');
  return provider;
}

/** Normalises a PEM certificate (or its bare base64 body); null when it does not parse. */
export function normalizeCert(raw: string): string | null {
  const body = raw
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!body || !/^[A-Za-z0-9+/=]+$/.test(body)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

export function certificateInfo(pem: string) {
  try {
    const c = new X509Certificate(pem);
    return {
      fingerprintSha256: c.fingerprint256,
      notBefore: new Date(c.validFrom).toISOString(),
      notAfter: new Date(c.validTo).toISOString(),
      publicKeyAlgorithm: c.publicKey.asymmetricKeyType ?? 'unknown',
    };
  } catch {
    return { error: 'Failed to parse certificate' };
  }
}

const lastFour = (s: string) => (s.length <= 4 ? '****' : `****${s.slice(-4)}`);

/** The SAML settings as answered: no private key, the certificates described. */
export function publicSaml(s: SamlSettings, full: boolean) {
  return {
    entryPoint: s.entryPoint,
    ...(full ? { cert: s.cert.length === 1 ? s.cert[0] : s.cert } : {}),
    idpMetadata: { entityID: s.idpEntityID },
    spMetadata: { entityID: s.spEntityID },
    audience: s.spEntityID,
    wantAssertionsSigned: s.wantAssertionsSigned,
    authnRequestsSigned: s.authnRequestsSigned,
    identifierFormat: s.identifierFormat,
    signatureAlgorithm: s.signatureAlgorithm,
    digestAlgorithm: s.digestAlgorithm,
    mapping: s.mapping,
    metadataUrl: s.metadataUrl,
    logoutUrl: s.logoutUrl,
    metadataValidUntil: s.metadataValidUntil,
    certificate: s.cert.map(certificateInfo),
  };
}

/** The OIDC settings as answered: never the client secret. */
export function publicOidc(s: OidcSettings, full: boolean) {
  return {
    issuer: s.issuer,
    ...(full ? { clientId: s.clientId } : {}),
    clientIdLastFour: lastFour(s.clientId),
    pkce: s.pkce,
    discoveryEndpoint: s.discoveryEndpoint,
    authorizationEndpoint: s.authorizationEndpoint,
    tokenEndpoint: s.tokenEndpoint,
    userInfoEndpoint: s.userInfoEndpoint,
    jwksEndpoint: s.jwksEndpoint,
    scopes: s.scopes,
    tokenEndpointAuthentication: s.tokenEndpointAuthentication,
    mapping: s.mapping,
  };
}

/** A provider as the list and get routes answer it (better-auth's sanitised item). */
export function providerItem(auth: AuthContext, p: ProviderRow) {
  return {
    providerId: p.providerId,
    type: providerType(p),
    issuer: p.issuer,
    domain: p.domain,
    organizationId: p.organizationId ?? null,
    domainVerified: p.domainVerified === true,
    allowAnyEmailDomain: p.allowAnyEmailDomain === true,
    roleMapping: p.roleMapping ?? null,
    requireSso: p.requireSso === true,
    oidcConfig: p.oidcConfig ? publicOidc(p.oidcConfig, false) : undefined,
    samlConfig: p.samlConfig ? publicSaml(p.samlConfig, false) : undefined,
    spMetadataUrl: auth.url(`/sso/saml2/sp/metadata?providerId=${encodeURIComponent(p.providerId)}`),
    ...(p.samlConfig ? { spSloUrl: sloURLOf(auth, p.providerId) } : {}),
  };
}

export const redirectURIOf = (auth: AuthContext, providerId: string) => auth.url(`/sso/callback/${encodeURIComponent(providerId)}`);
/** The SP's SingleLogoutService (better-auth's path): LogoutRequests and LogoutResponses of the IdP, HTTP-Redirect or HTTP-POST. */
export const sloURLOf = (auth: AuthContext, providerId: string) => auth.url(`/sso/saml2/sp/slo/${encodeURIComponent(providerId)}`);
export const acsURLOf = (auth: AuthContext, providerId: string) => auth.url(`/sso/saml2/sp/acs/${encodeURIComponent(providerId)}`);

/** A short, fixed-length key for a value of any length (assertion IDs). */
export const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
