// The audit events the scim plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'scim.token.created': true;
    'scim.token.revoked': true;
    'scim.user.created': true;
    'scim.user.deactivated': true;
    'scim.user.reactivated': true;
    'scim.user.deleted': true;
  }
}

/** The scim plugin's audit event types. */
export type ScimAuditEvent =
  | 'scim.token.created'
  | 'scim.token.revoked'
  | 'scim.user.created'
  | 'scim.user.deactivated'
  | 'scim.user.reactivated'
  | 'scim.user.deleted';
