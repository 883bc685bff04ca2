import type { Schema } from '../../kit.js';

/**
 * The OpenID provider's tables. `oidcModel` holds oidc-provider's models (sessions,
 * interactions, codes, tokens, grants), one row each, `id` = `<model>:<id>`: every instance
 * reads and writes the same rows, so two instances serve one provider. With `storage:
 * 'secondary-storage'` they live in Redis instead (secondary-storage.ts), except the clients of dynamic
 * registration, which stay here.
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
      /** May use the device authorization grant (RFC 8628; the plugin's `deviceFlow` on too). */
      deviceFlow: { type: 'boolean', required: true, defaultValue: false },
      /** Authorization requests only through PAR (RFC 9126: `require_pushed_authorization_requests`). */
      requirePAR: { type: 'boolean', required: true, defaultValue: false },
      /** Access tokens only DPoP-bound (RFC 9449: `dpop_bound_access_tokens`). */
      requireDPoP: { type: 'boolean', required: true, defaultValue: false },
      /** The APIs (resource server identifiers) it may ask tokens for; none unless listed. */
      resources: { type: 'json', long: true },
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
  /**
   * An API registered as a resource server (RFC 8707): a client names it with `resource=` and
   * gets an access token for its audience only, a JWT (RFC 9068, signed with the provider's keys)
   * or an opaque token it introspects with its own application's credentials.
   */
  oauthResourceServer: {
    fields: {
      /** The resource indicator and the tokens' `aud`: an absolute URI without a fragment. */
      identifier: { type: 'string', required: true, unique: true },
      name: { type: 'string', required: true },
      /** The scopes it understands, e.g. ["read:notes", "write:notes"]. */
      scopes: { type: 'json', required: true, long: true },
      accessTokenTTL: { type: 'number', required: true },
      /** `jwt` (RFC 9068) or `opaque` (introspected). */
      accessTokenFormat: { type: 'string', required: true, defaultValue: 'jwt' },
      /** The application the API authenticates as to introspect and revoke its tokens. */
      clientId: { type: 'string' },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
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
