// The audit events the two-factor plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'two-factor.enable': true;
    'two-factor.disable': true;
  }
}

/** The two-factor plugin's audit event types. */
export type TwoFactorAuditEvent = 'two-factor.enable' | 'two-factor.disable';
