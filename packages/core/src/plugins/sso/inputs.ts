import { z } from 'zod';

const mapping = z
  .object({
    id: z.string().max(256).optional(),
    email: z.string().max(256).optional(),
    emailVerified: z.string().max(256).optional(),
    name: z.string().max(256).optional(),
    firstName: z.string().max(256).optional(),
    lastName: z.string().max(256).optional(),
  })
  .optional();

const httpURL = z.url({ protocol: /^https?$/ }).max(2048);
const pem = z.string().min(1).max(20_000);

const certs = z.union([pem, z.array(pem).min(1).max(5)]);

/**
 * `samlConfig` as `@better-auth/sso` takes it (keys it has beyond these are accepted and ignored).
 * With `idpMetadata.metadata` (the IdP's metadata XML) or `idpMetadata.metadataUrl` (Gatehouse's:
 * fetched), `entryPoint`, `cert` and the IdP entity ID come from the metadata.
 */
export const samlInput = z.object({
  entryPoint: httpURL.optional(),
  cert: certs.optional(),
  idpMetadata: z
    .object({
      entityID: z.string().min(1).max(1024).optional(),
      cert: certs.optional(),
      metadata: z
        .string()
        .min(1)
        .max(512 * 1024)
        .optional(),
      metadataUrl: httpURL.optional(),
      /** better-auth's: the IdP's SingleLogoutService list (the HTTP-Redirect one is used). */
      singleLogoutService: z
        .array(z.object({ Binding: z.string().max(256), Location: httpURL }))
        .max(10)
        .optional(),
    })
    .optional(),
  spMetadata: z.object({ entityID: z.string().min(1).max(1024).optional(), privateKey: z.string().max(20_000).optional() }).optional(),
  audience: z.string().min(1).max(1024).optional(),
  wantAssertionsSigned: z.boolean().optional(),
  authnRequestsSigned: z.boolean().optional(),
  identifierFormat: z.string().max(256).optional(),
  signatureAlgorithm: z.string().max(256).optional(),
  digestAlgorithm: z.string().max(256).optional(),
  privateKey: z.string().max(20_000).optional(),
  mapping,
  /** Gatehouse's: the IdP's single logout URL (HTTP-Redirect); "" removes it (sign-out then stays local). */
  logoutUrl: z.union([httpURL, z.literal('')]).optional(),
});

/** `oidcConfig` as `@better-auth/sso` takes it; endpoints not given are discovered from the issuer. */
export const oidcInput = z.object({
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(2048),
  pkce: z.boolean().optional(),
  discoveryEndpoint: httpURL.optional(),
  authorizationEndpoint: httpURL.optional(),
  tokenEndpoint: httpURL.optional(),
  userInfoEndpoint: httpURL.optional(),
  jwksEndpoint: httpURL.optional(),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'Invalid scope'))
    .max(50)
    .optional(),
  tokenEndpointAuthentication: z.enum(['client_secret_post', 'client_secret_basic']).optional(),
  mapping,
});

const roleName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A role name holds letters, digits, "_" and "-" only');

/** `roleMapping` (Gatehouse's): the attribute or claim whose values give the member's roles. */
export const roleMappingInput = z.object({
  attribute: z.string().min(1).max(256),
  rules: z
    .array(z.object({ value: z.string().min(1).max(256), role: roleName }))
    .min(1)
    .max(50),
  defaultRole: roleName.optional(),
});

export type SamlInput = z.infer<typeof samlInput>;
export type OidcInput = z.infer<typeof oidcInput>;

export const providerIdField = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._-]+$/, 'providerId may hold letters, digits, ".", "_" and "-" only');
export type RoleMappingInput = z.infer<typeof roleMappingInput>;
