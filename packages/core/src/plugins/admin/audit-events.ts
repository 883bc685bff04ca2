// The audit events the admin plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'user.ban': true;
    'user.unban': true;
    'user.role': true;
    'user.update': true;
    'impersonation.start': true;
    'impersonation.stop': true;
    'user.unlock': true;
    'user.reset-two-factor': true;
  }
}

/** The admin plugin's audit event types. */
export type AdminAuditEvent =
  | 'user.ban'
  | 'user.unban'
  | 'user.role'
  | 'user.update'
  | 'impersonation.start'
  | 'impersonation.stop'
  | 'user.unlock'
  | 'user.reset-two-factor';
