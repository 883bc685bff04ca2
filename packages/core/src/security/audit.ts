import type { Adapter } from '../db/adapter.js';
import type { Logger } from '../logger.js';
import type { RequestScope } from '../request-scope.js';

/**
 * The security-relevant events recorded for review (who, whom, when, IP, user agent), by
 * type. The core's are here; a plugin adds its own by augmenting this interface
 * (`declare module '…/security/audit.js' { interface AuditEventTypes { 'x.y': true } }`,
 * as each plugin's audit-events.ts does), so the set stays closed and typed.
 */
export interface AuditEventTypes {
  'sign-in.success': true;
  'sign-in.failure': true;
  /** An identity was locked after too many failed sign-ins (security/lockout.ts). */
  'sign-in.lockout': true;
  'sign-up': true;
  'sign-out': true;
  'session.revoke': true;
  'password.change': true;
  'password.reset': true;
  'email.change': true;
  'email.verify': true;
  'user.delete': true;
  'account.link': true;
  'account.unlink': true;
  /** A mailbox-proving sign-in took over an unverified account; `details.removed` counts what ended (security/adoption.ts). */
  'account.adopted': true;
}

export type AuditEventType = keyof AuditEventTypes;

export interface AuditInput {
  /** The person the event is about. */
  userId?: string | null;
  /** Who did it, when not that person (someone acting on them). */
  actorId?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditDeps {
  adapter: Adapter;
  logger: Logger;
  /** Told of every event as it is recorded (the plugins' `observe.audit`, e.g. metrics). */
  observe?(type: AuditEventType, input: AuditInput): void;
}

/** What the audit log reads of a request: its IP, user agent and session (null: no request). */
export type AuditScope = Pick<RequestScope, 'ip' | 'headers' | 'session'> | null;

export class AuditLog {
  constructor(private readonly deps: AuditDeps) {}

  /** Records an event; a failure to record is logged and never fails the request. */
  async record(c: AuditScope, type: AuditEventType, input: AuditInput = {}): Promise<void> {
    this.deps.observe?.(type, input);
    try {
      await this.deps.adapter.insert(
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
