import type { SessionRow } from './types.js';

/** A not-remembered session ("remember me" off) lives a day, and is never renewed. */
export const NON_REMEMBERED_SECONDS = 86400;

/** The resolved `session` options. */
export interface SessionOptions {
  expiresIn: number;
  updateAge: number;
  freshAge: number;
  cookieCache: { enabled: boolean; maxAge: number };
}

/**
 * The session rules, in one place: when a session expires, when its expiry is pushed out,
 * whether it is fresh, and until when an answer about it holds without a write. The
 * general route (`SessionManager.fromRequest`) and the fast lane (`SessionPeek`) both
 * ask these, so they cannot drift apart.
 */
export class SessionPolicy {
  constructor(
    readonly options: SessionOptions,
    private readonly now: () => number,
  ) {}

  /** The expiry of a session made now. */
  expiryOfNew(opts: { dontRemember?: boolean; expiresIn?: number } = {}): Date {
    const seconds = opts.expiresIn ?? (opts.dontRemember ? NON_REMEMBERED_SECONDS : this.options.expiresIn);
    return new Date(this.now() + seconds * 1000);
  }

  /** True once the session's expiry has come. */
  isExpired(session: SessionRow, now = this.now()): boolean {
    return session.expiresAt.getTime() <= now;
  }

  /** When a session's expiry is next pushed out (spec: at most once per updateAge); never for a not-remembered one. */
  renewalDue(session: SessionRow): number {
    if (session.dontRemember) return Number.POSITIVE_INFINITY;
    return session.expiresAt.getTime() - this.options.expiresIn * 1000 + this.options.updateAge * 1000;
  }

  /**
   * The new expiry when the session is to be renewed now, else null. `dontRememberCookie`
   * is read only when a renewal is due (the remember-me opt-out cookie then decides).
   */
  renewal(session: SessionRow, dontRememberCookie: () => boolean): Date | null {
    const now = this.now();
    if (this.renewalDue(session) > now || dontRememberCookie()) return null;
    return new Date(now + this.options.expiresIn * 1000);
  }

  /** Until when an answer about the session holds without a write: its expiry or its renewal, whichever comes first. */
  answerableUntil(session: SessionRow): number {
    return Math.min(session.expiresAt.getTime(), this.renewalDue(session));
  }

  /** Fresh: made or renewed within `freshAge` (0: always fresh); sensitive routes ask for it. */
  isFresh(session: SessionRow): boolean {
    const freshAge = this.options.freshAge;
    if (freshAge === 0) return true;
    const last = Math.max(session.createdAt.getTime(), session.updatedAt.getTime());
    return this.now() - last < freshAge * 1000;
  }
}
