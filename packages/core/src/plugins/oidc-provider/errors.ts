import { defineErrors, errorsOf } from '../../kit.js';

/** The OpenID provider's refusals on Gatehouse's own routes (the protocol's errors are oidc-provider's). */
export const OIDC_PROVIDER_ERRORS = defineErrors({
  INTERACTION_NOT_FOUND: 'The sign-in request has expired or was already used; start again from the application',
  APPLICATION_NOT_FOUND: 'Application not found',
  INVALID_REDIRECT_URI: 'Redirect URIs must be absolute http(s) URLs without a fragment',
  ONLY_ADMINS_CAN_MANAGE_APPLICATIONS: 'Only admins can manage applications',
  CONSENT_NOT_FOUND: 'Consent not found',
});

export const oidcError = errorsOf(OIDC_PROVIDER_ERRORS);
