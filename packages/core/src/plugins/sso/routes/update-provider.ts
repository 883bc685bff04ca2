import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { ssoConfig } from '../config.js';
import { issueToken } from '../domain-verification.js';
import { ssoError } from '../errors.js';
import { oidcInput, roleMappingInput, samlInput } from '../inputs.js';
import { checkRoleMapping } from '../roles.js';
import { revokeSessionsWithoutSso } from '../require.js';
import { oidcSettings, samlSettings } from '../settings.js';
import { type OidcSettings, parseDomains, type ProviderRow, providerItem, requireManagedProvider, type SamlSettings } from '../store.js';

/**
 * POST /sso/update-provider {providerId, issuer?, domain?, samlConfig?, oidcConfig?} (signed in,
 * managing it): the fields given change, the rest stay. A new domain must be verified again;
 * a new issuer is discovered again. The answer is the sanitised provider.
 */
export const updateProvider = defineEndpoint({
  method: 'POST',
  path: '/sso/update-provider',
  requireSession: true,
  body: z.object({
    providerId: z.string().min(1).max(128),
    issuer: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    domain: z.string().min(1).max(255).optional(),
    allowAnyEmailDomain: z.boolean().optional(),
    /** A mapping, or null to remove it. */
    roleMapping: roleMappingInput.nullable().optional(),
    /** Require SSO for the provider's verified domain(s): needs an organization and a verified domain. */
    requireSso: z.boolean().optional(),
    samlConfig: samlInput.partial().optional(),
    oidcConfig: oidcInput.partial().optional(),
  }),
  async handler(c) {
    const { auth, body } = c;
    const provider = await requireManagedProvider(c, body.providerId);
    if ((body.samlConfig && !provider.samlConfig) || (body.oidcConfig && !provider.oidcConfig)) throw ssoError('BAD_REQUEST', 'CONFIG_REQUIRED');
    const issuer = body.issuer ?? provider.issuer;
    const changes: Partial<ProviderRow> = { issuer, updatedAt: new Date(auth.now()) };
    let domainChanged = false;
    if (body.domain !== undefined) {
      const domains = parseDomains(body.domain);
      if (!domains) throw ssoError('BAD_REQUEST', 'INVALID_DOMAIN');
      changes.domain = domains.join(',');
      domainChanged = changes.domain !== provider.domain;
      if (domainChanged) changes.domainVerified = false;
    }
    if (body.allowAnyEmailDomain !== undefined) changes.allowAnyEmailDomain = body.allowAnyEmailDomain;
    if (body.roleMapping !== undefined) changes.roleMapping = await checkRoleMapping(auth, provider.organizationId, body.roleMapping);
    if (body.requireSso !== undefined) {
      // A domain nobody proved never locks anyone out (an unverified gmail.com would lock out everyone there).
      if (body.requireSso && (!provider.organizationId || !provider.domainVerified || domainChanged))
        throw ssoError('BAD_REQUEST', 'REQUIRE_SSO_NEEDS_VERIFIED_DOMAIN');
      changes.requireSso = body.requireSso;
    } else if (domainChanged) changes.requireSso = false;
    if (provider.samlConfig && (body.samlConfig || body.issuer))
      changes.samlConfig = await samlSettings(auth, issuer, mergeSaml(provider.samlConfig, body.samlConfig ?? {}), provider.samlConfig);
    if (provider.oidcConfig && (body.oidcConfig || body.issuer)) {
      const prev = provider.oidcConfig;
      const patch = body.oidcConfig ?? {};
      const secret = patch.clientSecret ?? auth.encrypter.decrypt(prev.clientSecret) ?? '';
      const keepEndpoints = issuer === provider.issuer && !patch.discoveryEndpoint;
      changes.oidcConfig = await oidcSettings(auth, issuer, {
        ...(keepEndpoints ? endpointsOf(prev) : {}),
        clientId: patch.clientId ?? prev.clientId,
        clientSecret: secret,
        pkce: patch.pkce ?? prev.pkce,
        scopes: patch.scopes ?? prev.scopes,
        tokenEndpointAuthentication: patch.tokenEndpointAuthentication ?? prev.tokenEndpointAuthentication,
        mapping: patch.mapping ?? prev.mapping,
        ...definedOnly({
          discoveryEndpoint: patch.discoveryEndpoint,
          authorizationEndpoint: patch.authorizationEndpoint,
          tokenEndpoint: patch.tokenEndpoint,
          userInfoEndpoint: patch.userInfoEndpoint,
          jwksEndpoint: patch.jwksEndpoint,
        }),
      });
    }
    const updated = await auth.adapter.transaction(async (trx) => {
      const row = await trx.update<ProviderRow>('ssoProvider', [{ field: 'id', value: provider.id }], changes);
      if (row && domainChanged && ssoConfig(auth).verification.enabled) await issueToken(trx, auth, row.providerId);
      return row;
    });
    if (!updated) throw ssoError('NOT_FOUND', 'PROVIDER_NOT_FOUND');
    // Turned on now: the members' sessions that SSO did not open end (owners keep theirs).
    if (updated.requireSso && !provider.requireSso) await revokeSessionsWithoutSso(c, updated);
    const userId = c.session.user.id;
    await auth.audit.record(c, 'sso.connection.update', {
      userId,
      actorId: userId,
      details: { providerId: provider.providerId, fields: Object.keys(body).filter((k) => k !== 'providerId') },
    });
    return providerItem(auth, updated);
  },
});

function definedOnly<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function endpointsOf(s: OidcSettings) {
  return definedOnly({
    discoveryEndpoint: s.discoveryEndpoint,
    authorizationEndpoint: s.authorizationEndpoint,
    tokenEndpoint: s.tokenEndpoint,
    userInfoEndpoint: s.userInfoEndpoint,
    jwksEndpoint: s.jwksEndpoint,
  });
}

function mergeSaml(prev: SamlSettings, patch: Partial<z.infer<typeof samlInput>>): z.infer<typeof samlInput> {
  return {
    entryPoint: patch.entryPoint ?? prev.entryPoint,
    cert: patch.cert ?? prev.cert,
    // New metadata (XML or URL) replaces the IdP's entity ID, SSO URL and certificates.
    idpMetadata: {
      ...patch.idpMetadata,
      entityID: patch.idpMetadata?.entityID ?? (patch.idpMetadata?.metadata || patch.idpMetadata?.metadataUrl ? undefined : prev.idpEntityID),
    },
    spMetadata: { entityID: patch.spMetadata?.entityID ?? patch.audience ?? prev.spEntityID, privateKey: patch.spMetadata?.privateKey },
    wantAssertionsSigned: patch.wantAssertionsSigned ?? prev.wantAssertionsSigned,
    authnRequestsSigned: patch.authnRequestsSigned ?? prev.authnRequestsSigned,
    identifierFormat: patch.identifierFormat ?? prev.identifierFormat,
    signatureAlgorithm: patch.signatureAlgorithm ?? prev.signatureAlgorithm,
    digestAlgorithm: patch.digestAlgorithm ?? prev.digestAlgorithm,
    privateKey: patch.privateKey,
    mapping: patch.mapping ?? prev.mapping,
    // Kept unless given, or unless new metadata says again what the IdP offers.
    logoutUrl:
      patch.logoutUrl ??
      (patch.idpMetadata?.metadata || patch.idpMetadata?.metadataUrl || patch.idpMetadata?.singleLogoutService ? undefined : (prev.logoutUrl ?? '')),
  };
}
