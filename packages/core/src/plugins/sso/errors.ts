import { defineErrors, errorsOf } from '../../kit.js';

/** The sso plugin's refusals: messages as `@better-auth/sso` 1.7 words them, where it has one. */
export const SSO_ERRORS = defineErrors({
  NOT_ORGANIZATION_MEMBER: 'You are not a member of the organization',
  NOT_ORGANIZATION_ADMIN: 'You must be an organization owner or admin to register SSO providers',
  PROVIDER_EXISTS: 'SSO provider with this providerId already exists',
  RESERVED_PROVIDER_ID: 'This providerId is reserved and cannot be used for an SSO provider',
  PROVIDER_NOT_FOUND: 'Provider not found',
  PROVIDER_ACCESS_DENIED: "You don't have access to this provider",
  SP_PROVIDER_NOT_FOUND: 'No provider found for the given providerId',
  NO_PROVIDER_FOR_ISSUER: 'No provider found for the issuer',
  SIGN_IN_TARGET_REQUIRED: 'email, organizationSlug, domain or providerId is required',
  REGISTRATION_DISABLED: 'SSO provider registration is disabled',
  PROVIDERS_LIMIT_REACHED: 'You have reached the maximum number of SSO providers',
  CONFIG_REQUIRED: 'Exactly one of samlConfig or oidcConfig is required',
  INVALID_SAML_CONFIG: 'Invalid SAML configuration',
  INVALID_CERTIFICATE: 'The SAML certificate is not a valid PEM certificate',
  INVALID_DOMAIN: 'Invalid domain',
  INVALID_ISSUER: 'The issuer must be an http(s) URL',
  ISSUER_NOT_ALLOWED: 'The identity provider is on a private or loopback address that is not a trusted origin',
  DISCOVERY_FAILED: "Unable to read the issuer's OpenID configuration",
  DOMAIN_VERIFIED: 'Domain has already been verified',
  DOMAIN_TAKEN: 'This domain has already been verified by another organization',
  NO_PENDING_VERIFICATION: 'No pending domain verification exists',
  DOMAIN_VERIFICATION_FAILED: 'Unable to verify domain ownership. Try again later',
  DOMAIN_VERIFICATION_DISABLED: 'Domain verification is not enabled',
  ORGANIZATION_NOT_FOUND: 'Organization not found',
  INVALID_METADATA_XML: 'The IdP metadata is not well-formed XML',
  NOT_IDP_METADATA: 'The XML is not SAML 2.0 metadata of an identity provider (no EntityDescriptor with an IDPSSODescriptor)',
  METADATA_DTD_NOT_ALLOWED: 'The IdP metadata may not contain a DOCTYPE or entity declarations',
  METADATA_TOO_LARGE: 'The IdP metadata is larger than 512 KiB',
  METADATA_EXPIRED: 'The IdP metadata has expired (its validUntil is in the past)',
  METADATA_ENTITY_MISMATCH: 'The IdP metadata does not describe the given entityID',
  METADATA_SEVERAL_IDPS: 'The IdP metadata describes several identity providers: give idpMetadata.entityID to choose one',
  METADATA_NO_REDIRECT_BINDING: 'The IdP metadata has no SingleSignOnService with the HTTP-Redirect binding',
  METADATA_NO_CERTIFICATE: 'The IdP metadata has no signing certificate',
  METADATA_TOO_MANY_CERTIFICATES: 'The IdP metadata has more than 5 signing certificates',
  INVALID_METADATA_URL: 'The metadata URL must be an http(s) URL of a host that resolves',
  METADATA_URL_NOT_HTTPS: 'The metadata URL must use https',
  METADATA_FETCH_FAILED: 'Unable to download the IdP metadata from its URL',
  METADATA_REQUIRED: 'Give the IdP metadata (XML or its URL), or its entryPoint and cert',
  ROLE_MAPPING_NEEDS_ORGANIZATION: 'Role mapping needs a connection that belongs to an organization',
  ROLE_MAPPING_UNKNOWN_ROLE: 'The role mapping names a role the organization does not have',
  ROLE_MAPPING_OWNER: 'An identity provider cannot grant the owner role',
  REQUIRE_SSO_NEEDS_VERIFIED_DOMAIN: 'Only a verified domain of an organization can require single sign-on',
  SSO_REQUIRED: 'Your organization signs you in with single sign-on',
  TEST_RESULT_NOT_FOUND: 'No connection test result with this id (it lasts 10 minutes, for whoever ran the test)',
  SAML_PROVIDER_NOT_FOUND: 'SAML provider not found',
  INVALID_LOGOUT_REQUEST: 'Invalid LogoutRequest',
  INVALID_LOGOUT_RESPONSE: 'Invalid LogoutResponse',
  LOGOUT_FAILED_AT_IDP: 'Logout failed at IdP',
  IDP_SLO_NOT_SUPPORTED: 'IdP does not support Single Logout Service',
});

export const ssoError = errorsOf(SSO_ERRORS);

/**
 * The redirect error codes of the callback and the ACS (`?error=`): the library's own failures
 * are `saml_error`, the plugin's checks `invalid_saml_response`, as CONTRACT.md lists them.
 */
export type SSOFlowCode =
  | 'saml_error'
  | 'invalid_saml_response'
  | 'unsolicited_response'
  | 'replay_detected'
  | 'invalid_state'
  | 'invalid_provider'
  | 'account_not_linked'
  | 'email_not_found'
  | 'email_domain_not_allowed'
  | 'signup_disabled'
  | 'unable_to_create_user'
  | 'unable_to_create_session'
  | 'please_restart_the_process'
  | 'token_exchange_failed'
  | 'invalid_id_token'
  | 'missing_user_info'
  | 'internal_server_error';

/** A refusal inside the flow: thrown so that a transaction rolls back, turned into a redirect by the route. */
export class SSOFlowError extends Error {
  constructor(
    readonly code: SSOFlowCode,
    readonly description?: string,
  ) {
    super(code);
    this.name = 'SSOFlowError';
  }
}
