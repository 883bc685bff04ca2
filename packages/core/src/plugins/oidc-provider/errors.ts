import { defineErrors, errorsOf } from '../../kit.js';

/** The OpenID provider's refusals on Gatehouse's own routes (the protocol's errors are oidc-provider's). */
export const OIDC_PROVIDER_ERRORS = defineErrors({
  INTERACTION_NOT_FOUND: 'The sign-in request has expired or was already used; start again from the application',
  APPLICATION_NOT_FOUND: 'Application not found',
  INVALID_REDIRECT_URI: 'Redirect URIs must be absolute http(s) URLs without a fragment',
  ONLY_ADMINS_CAN_MANAGE_APPLICATIONS: 'Only admins can manage applications',
  CONSENT_NOT_FOUND: 'Consent not found',
  INVALID_RESOURCE_IDENTIFIER: 'The identifier must be an absolute URI without a fragment, e.g. https://api.example.com',
  INVALID_RESOURCE_SCOPE: 'Scopes are single words without spaces or quotes, and not an OpenID scope (openid, profile, email, offline_access)',
  RESOURCE_SERVER_EXISTS: 'An API with this identifier is already registered',
  RESOURCE_SERVER_NOT_FOUND: 'API not found',
  RESOURCE_SERVER_CLIENT_INVALID: 'The API must authenticate as a registered confidential application',
  DEVICE_FLOW_DISABLED: 'Device sign-in is not turned on',
  INVALID_USER_CODE: 'This code is not valid. Check the code shown on your device and enter it again',
  USER_CODE_EXPIRED: 'This code has expired. Start again on your device to get a new one',
  USER_CODE_USED: 'This code was already used. Start again on your device to get a new one',
  REGISTRATION_DISABLED: 'Dynamic client registration is not turned on',
});

export const oidcError = errorsOf(OIDC_PROVIDER_ERRORS);
