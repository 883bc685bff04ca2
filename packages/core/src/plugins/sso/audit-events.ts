// The audit events the sso plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    'sso.connection.create': true;
    'sso.connection.update': true;
    'sso.connection.delete': true;
    'sso.domain.verify': true;
    'sso.sign-in.failure': true;
    'sso.member.role': true;
    'sso.sign-in.refused': true;
    'sso.logout': true;
    'sso.sessions.revoked': true;
    'sso.account.linked': true;
  }
}

/** The sso plugin's audit event types (a successful SSO sign-in is a `sign-in.success` whose method is `sso:{providerId}`). */
export type SSOAuditEvent =
  | 'sso.connection.create'
  | 'sso.connection.update'
  | 'sso.connection.delete'
  | 'sso.domain.verify'
  | 'sso.sign-in.failure'
  | 'sso.member.role'
  | 'sso.sign-in.refused'
  | 'sso.logout'
  | 'sso.sessions.revoked'
  | 'sso.account.linked';
