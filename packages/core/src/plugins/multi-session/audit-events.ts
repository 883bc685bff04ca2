// The audit events the multi-session plugin records, added to the core's typed set.
declare module '../../security/audit.js' {
  interface AuditEventTypes {
    /**
     * A session this browser held was ended from it: revoked from the account menu, by
     * "sign out of all accounts", replaced by a new sign-in of the same account, or
     * dropped as the oldest past `maximumSessions` (`details.reason`).
     */
    'multi-session.end': true;
  }
}

/** The multi-session plugin's audit event types. */
export type MultiSessionAuditEvent = 'multi-session.end';
