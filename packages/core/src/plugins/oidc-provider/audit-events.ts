// The audit events the OpenID provider records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'oauth.consent': true;
    'oauth.consent-revoked': true;
    'oauth.application-created': true;
    'oauth.application-deleted': true;
    'oauth.resource-server-created': true;
    'oauth.resource-server-updated': true;
    'oauth.resource-server-deleted': true;
    'oauth.initial-access-token-issued': true;
  }
}

export type OidcProviderAuditEvent =
  | 'oauth.consent'
  | 'oauth.consent-revoked'
  | 'oauth.application-created'
  | 'oauth.application-deleted'
  | 'oauth.resource-server-created'
  | 'oauth.resource-server-updated'
  | 'oauth.resource-server-deleted'
  | 'oauth.initial-access-token-issued';
