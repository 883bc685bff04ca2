import type { Schema } from '../../kit.js';

/**
 * The OpenID provider's tables. `oidcModel` holds oidc-provider's models (sessions,
 * interactions, codes, tokens, grants), one row each, `id` = `<model>:<id>`: every instance
 * reads and writes the same rows, so two instances serve one provider. With `storage:
 * 'secondary-storage'` they live in Redis instead (secondary-storage.ts) and this table stays empty.
 */
export const oidcProviderSchema = {
  oidcModel: {
    fields: {
      model: { type: 'string', required: true, index: true },
      payload: { type: 'json', required: true, long: true },
      grantId: { type: 'string', index: true },
      userCode: { type: 'string', index: true },
      uid: { type: 'string', index: true },
      /** The person and the application a grant or token belongs to (what revoking a consent removes). */
      accountId: { type: 'string', index: true },
      clientId: { type: 'string' },
      expiresAt: { type: 'date', index: true },
    },
  },
  /** A registered application (an OAuth client). The secret is kept encrypted (auth.encrypter). */
  oauthApplication: {
    fields: {
      clientId: { type: 'string', required: true, unique: true },
      clientSecret: { type: 'string', long: true, returned: false },
      name: { type: 'string', required: true },
      redirectURIs: { type: 'json', required: true, long: true },
      postLogoutRedirectURIs: { type: 'json', long: true },
      /** A public client (a browser or native app) has no secret and must use PKCE. */
      public: { type: 'boolean', required: true, defaultValue: false },
      /** An application of the same owner: no consent page. */
      firstParty: { type: 'boolean', required: true, defaultValue: false },
      backchannelLogoutURI: { type: 'string' },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  /** A person's consent to an application, remembered per client and user (what they can revoke). */
  oauthConsent: {
    fields: {
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      clientId: { type: 'string', required: true, index: true },
      /** The granted scopes, space-separated. */
      scopes: { type: 'string', required: true },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
    uniqueTogether: [['userId', 'clientId']],
  },
  /** The provider's signing keys (private JWKs, encrypted); published as its JWKS. */
  oidcSigningKey: {
    fields: {
      kid: { type: 'string', required: true, unique: true },
      alg: { type: 'string', required: true },
      privateKey: { type: 'string', required: true, long: true, returned: false },
      createdAt: { type: 'date', required: true },
      /** When it stops signing (published to verify until its ID tokens have expired); null: createdAt + the rotation interval. */
      expiresAt: { type: 'date' },
    },
  },
} satisfies Partial<Schema>;
