// The audit events the passkey plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'passkey.register': true;
    'passkey.rename': true;
    'passkey.delete': true;
    /** An assertion whose signature counter did not go forward: a cloned authenticator, refused. */
    'passkey.counter-rollback': true;
  }
}

/** The passkey plugin's audit event types. */
export type PasskeyAuditEvent = 'passkey.register' | 'passkey.rename' | 'passkey.delete' | 'passkey.counter-rollback';
