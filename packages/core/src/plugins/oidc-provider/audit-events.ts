// The audit events the OpenID provider records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'oauth.consent': true;
    'oauth.consent-revoked': true;
    'oauth.application-created': true;
    'oauth.application-deleted': true;
  }
}

export type OidcProviderAuditEvent = 'oauth.consent' | 'oauth.consent-revoked' | 'oauth.application-created' | 'oauth.application-deleted';
