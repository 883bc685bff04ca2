// The audit events the api-key plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'api-key.create': true;
    'api-key.update': true;
    'api-key.delete': true;
  }
}

/** The api-key plugin's audit event types. */
export type ApiKeyAuditEvent = 'api-key.create' | 'api-key.update' | 'api-key.delete';
