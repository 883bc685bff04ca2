import type { Schema } from '../../kit.js';

/**
 * The SSO tables: `ssoProvider` with better-auth's table and field names, and the SAML
 * assertion IDs already used (kept until the assertion expires, in the database so that
 * every instance refuses a replay).
 */
export const ssoSchema = {
  ssoProvider: {
    fields: {
      providerId: { type: 'string', required: true, unique: true },
      issuer: { type: 'string', required: true },
      /** One domain or several, comma-separated (lower-case). */
      domain: { type: 'string', required: true, index: true },
      /** The provider's organization proved the domain (a DNS TXT record). */
      domainVerified: { type: 'boolean', required: true, defaultValue: false },
      /** The IdP may assert addresses outside its verified domains (an organization's opt-out). */
      allowAnyEmailDomain: { type: 'boolean', required: true, defaultValue: false },
      /** Role mapping: an IdP attribute's values → organization roles, applied at every sign-in. */
      roleMapping: { type: 'json' },
      /** Addresses of the verified domain sign in through this provider only (no password, code, link, social). */
      requireSso: { type: 'boolean', required: true, defaultValue: false },
      /** The OIDC settings, the client secret sealed. */
      oidcConfig: { type: 'json', long: true },
      /** The SAML settings. */
      samlConfig: { type: 'json', long: true },
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      organizationId: { type: 'string', index: true, references: { model: 'organization', field: 'id', onDelete: 'cascade' } },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  ssoAssertion: {
    fields: {
      /** `{providerId} {assertion ID}`: a second insert of the same is a replay. */
      key: { type: 'string', required: true, unique: true },
      expiresAt: { type: 'date', required: true, index: true },
    },
  },
  /**
   * The sessions an SSO sign-in opened, with what the IdP named them by: the NameID (+ format)
   * and SessionIndex of a SAML assertion (what single logout sends and matches), the `sub` of an
   * OIDC one. Not a foreign key to `session` (sessions may live in secondary storage only); a row
   * goes with its sign-out, its single logout, or when it expires.
   */
  ssoSession: {
    fields: {
      sessionId: { type: 'string', required: true, unique: true },
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      providerId: { type: 'string', required: true, index: true },
      /** `digest("{providerId} {nameID}")`: what an IdP's LogoutRequest is matched by. */
      subjectKey: { type: 'string', required: true, index: true },
      nameID: { type: 'string', required: true, long: true },
      nameIDFormat: { type: 'string' },
      sessionIndex: { type: 'string', long: true },
      expiresAt: { type: 'date', required: true, index: true },
    },
  },
} satisfies Partial<Schema>;
