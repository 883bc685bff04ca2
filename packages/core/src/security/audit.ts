import type { Adapter } from '../db/adapter.js';
import type { Logger } from '../logger.js';
import type { RequestScope } from '../request-scope.js';

/** The security-relevant events recorded for admins (who, whom, when, IP, user agent). */
export type AuditEventType =
  | 'sign-in.success'
  | 'sign-in.failure'
  | 'sign-up'
  | 'sign-out'
  | 'session.revoke'
  | 'password.change'
  | 'password.reset'
  | 'email.change'
  | 'email.verify'
  | 'two-factor.enable'
  | 'two-factor.disable'
  | 'user.ban'
  | 'user.unban'
  | 'user.role'
  | 'user.delete'
  | 'impersonation.start'
  | 'impersonation.stop'
  | 'account.link'
  | 'account.unlink';

export interface AuditInput {
  /** The person the event is about. */
  userId?: string | null;
  /** Who did it, when not that person (an admin). */
  actorId?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditDeps {
  adapter: Adapter;
  logger: Logger;
}

export class AuditLog {
  constructor(private readonly deps: AuditDeps) {}

  /** Records an event; a failure to record is logged and never fails the request. */
  async record(c: Pick<RequestScope, 'ip' | 'headers' | 'session'> | null, type: AuditEventType, input: AuditInput = {}): Promise<void> {
    try {
      await this.deps.adapter.create(
        'auditEvent',
        {
          type,
          userId: input.userId ?? null,
          actorId: input.actorId ?? c?.session?.user.id ?? null,
          ipAddress: c?.ip ?? null,
          userAgent: c?.headers.get('user-agent')?.slice(0, 500) ?? null,
          details: input.details ?? null,
        },
        { hooks: false },
      );
    } catch (e) {
      this.deps.logger.warn({ err: String(e), type }, 'could not record an audit event');
    }
  }
}
