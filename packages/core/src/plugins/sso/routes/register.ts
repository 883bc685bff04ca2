import { z } from 'zod';
import { defineEndpoint, PROVIDERS } from '../../../kit.js';
import { ssoConfig } from '../config.js';
import { issueToken } from '../domain-verification.js';
import { ssoError } from '../errors.js';
import { oidcInput, providerIdField, roleMappingInput, samlInput } from '../inputs.js';
import { checkRoleMapping } from '../roles.js';
import { oidcSettings, samlSettings } from '../settings.js';
import {
  acsURLOf,
  findProvider,
  isAdminRole,
  memberRole,
  parseDomains,
  type ProviderRow,
  providerItem,
  publicOidc,
  publicSaml,
  redirectURIOf,
} from '../store.js';

/** Account provider ids the core and social sign-in use: an SSO provider may not take them. */
const RESERVED = new Set(['credential', 'email', 'email-otp', 'magic-link', 'passkey', 'sso', ...Object.keys(PROVIDERS)]);

/**
 * POST /sso/register (signed in): a SAML or OIDC connection for a domain, for an organization
 * the caller owns or administers (or for the caller alone). OIDC endpoints are discovered from
 * the issuer. The answer never carries the client secret or a private key.
 */
export const registerProvider = defineEndpoint({
  method: 'POST',
  path: '/sso/register',
  requireSession: true,
  body: z.object({
    providerId: providerIdField,
    issuer: z.url({ protocol: /^https?$/ }).max(2048),
    domain: z.string().min(1).max(255),
    organizationId: z.string().min(1).max(128).optional(),
    allowAnyEmailDomain: z.boolean().optional(),
    roleMapping: roleMappingInput.optional(),
    /** Only `false` here: a domain requires SSO once verified (update-provider). */
    requireSso: z.boolean().optional(),
    samlConfig: samlInput.optional(),
    oidcConfig: oidcInput.optional(),
  }),
  async handler(c) {
    const { auth, body } = c;
    const config = ssoConfig(auth);
    const userId = c.session.user.id;
    if (config.providersLimit === 0) throw ssoError('FORBIDDEN', 'REGISTRATION_DISABLED');
    if ((await auth.adapter.count('ssoProvider', [{ field: 'userId', value: userId }])) >= config.providersLimit) {
      throw ssoError('FORBIDDEN', 'PROVIDERS_LIMIT_REACHED');
    }
    if (body.organizationId) {
      const role = await memberRole(auth, body.organizationId, userId);
      if (role === null) throw ssoError('BAD_REQUEST', 'NOT_ORGANIZATION_MEMBER');
      if (!isAdminRole(role)) throw ssoError('FORBIDDEN', 'NOT_ORGANIZATION_ADMIN');
    }
    if (RESERVED.has(body.providerId.toLowerCase())) throw ssoError('UNPROCESSABLE_ENTITY', 'RESERVED_PROVIDER_ID');
    if (await findProvider(auth, body.providerId)) throw ssoError('UNPROCESSABLE_ENTITY', 'PROVIDER_EXISTS');
    const domains = parseDomains(body.domain);
    if (!domains) throw ssoError('BAD_REQUEST', 'INVALID_DOMAIN');
    if (!body.samlConfig === !body.oidcConfig) throw ssoError('BAD_REQUEST', 'CONFIG_REQUIRED');
    if (body.requireSso) throw ssoError('BAD_REQUEST', 'REQUIRE_SSO_NEEDS_VERIFIED_DOMAIN');
    const roleMapping = await checkRoleMapping(auth, body.organizationId ?? null, body.roleMapping);
    const samlConfig = body.samlConfig ? await samlSettings(auth, body.issuer, body.samlConfig) : null;
    const oidcConfig = body.oidcConfig ? await oidcSettings(auth, body.issuer, body.oidcConfig) : null;
    let created: { provider: ProviderRow; token?: string };
    try {
      created = await auth.adapter.transaction(async (trx) => {
        const provider = await trx.create<ProviderRow>('ssoProvider', {
          providerId: body.providerId,
          issuer: body.issuer,
          domain: domains.join(','),
          domainVerified: false,
          allowAnyEmailDomain: body.allowAnyEmailDomain === true,
          roleMapping,
          requireSso: false,
          samlConfig,
          oidcConfig,
          userId,
          organizationId: body.organizationId ?? null,
        });
        if (!provider) throw new Error('the provider row was not written');
        const token = config.verification.enabled ? await issueToken(trx, auth, provider.providerId) : undefined;
        return { provider, token };
      });
    } catch (e) {
      if (auth.database.caps.isUniqueViolation(e)) throw ssoError('UNPROCESSABLE_ENTITY', 'PROVIDER_EXISTS');
      throw e;
    }
    const { provider, token } = created;
    await auth.audit.record(c, 'sso.connection.create', {
      userId,
      actorId: userId,
      details: { providerId: provider.providerId, organizationId: provider.organizationId },
    });
    return {
      ...providerItem(auth, provider),
      id: provider.id,
      userId,
      samlConfig: samlConfig ? { ...publicSaml(samlConfig, true), callbackUrl: acsURLOf(auth, provider.providerId) } : null,
      oidcConfig: oidcConfig ? publicOidc(oidcConfig, true) : null,
      redirectURI: redirectURIOf(auth, provider.providerId),
      ...(token ? { domainVerificationToken: token } : {}),
    };
  },
});
