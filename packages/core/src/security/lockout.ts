import { createHash } from 'node:crypto';
import type { Adapter } from '../db/adapter.js';
import { APIError } from '../errors.js';
import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { UserRow } from '../session/types.js';
import type { AuditLog, AuditScope } from './audit.js';

export const LOCKOUT_ERRORS = {
  TOO_MANY_FAILED_ATTEMPTS: 'Too many failed attempts. Please try again later.',
} as const;

/** A counter per identity: attempts booked in the current window, or a lock until a time. */
type LockState = { kind: 'counting'; count: number; windowStart: number } | { kind: 'locked'; until: number };

interface LockStore {
  read(key: string): Promise<LockState | null>;
  /** Atomically applies `next` to the current state; answers the state written. */
  update(key: string, next: (current: LockState | null) => LockState): Promise<LockState>;
  clear(key: string): Promise<void>;
}

/**
 * The rateLimit table (its `key` is unique), updated by compare-and-set so that
 * concurrent attempts on any dialect each see their own count. A lock is kept as
 * count -1 with lastRequest holding its end.
 */
class DatabaseLockStore implements LockStore {
  constructor(private readonly adapter: Adapter) {}

  private decode(row: { count: number; lastRequest: number }): LockState {
    return row.count < 0 ? { kind: 'locked', until: row.lastRequest } : { kind: 'counting', count: row.count, windowStart: row.lastRequest };
  }

  private encode(s: LockState): { count: number; lastRequest: number } {
    return s.kind === 'locked' ? { count: -1, lastRequest: s.until } : { count: s.count, lastRequest: s.windowStart };
  }

  async read(key: string): Promise<LockState | null> {
    const row = await this.adapter.findOne<{ count: number; lastRequest: number }>('rateLimit', [{ field: 'key', value: key }]);
    return row ? this.decode(row) : null;
  }

  async update(key: string, next: (current: LockState | null) => LockState): Promise<LockState> {
    const { adapter } = this;
    for (let tries = 0; tries < 20; tries++) {
      const row = await adapter.findOne<{ id: string; count: number; lastRequest: number }>('rateLimit', [{ field: 'key', value: key }]);
      const state = next(row ? this.decode(row) : null);
      const values = this.encode(state);
      if (!row) {
        try {
          await adapter.create('rateLimit', { key, ...values }, { hooks: false });
          return state;
        } catch {
          continue; // a concurrent first attempt created it: read it again
        }
      }
      const written = await adapter.updateMany(
        'rateLimit',
        [
          { field: 'id', value: row.id },
          { field: 'count', value: row.count },
          { field: 'lastRequest', value: row.lastRequest },
        ],
        values,
      );
      if (written === 1) return state;
    }
    throw new APIError('SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again later.');
  }

  async clear(key: string): Promise<void> {
    await this.adapter.delete('rateLimit', [{ field: 'key', value: key }]);
  }
}

/** The `lockout` option (default on: 10 failures in 900 s lock for 900 s). */
export interface LockoutOptions {
  enabled?: boolean;
  maxAttempts?: number;
  window?: number;
  duration?: number;
}

export interface LockoutDeps {
  adapter: Adapter;
  mailer: Mailer;
  /** The notice's words, in the user's language. */
  i18n: Translator;
  logger: Logger;
  now(): number;
  options?: LockoutOptions;
  /** Where a lock is recorded (`sign-in.lockout`), for the admin dashboard. */
  audit?: AuditLog;
  /** Told of each lock set (the plugins' `observe.locked`). */
  onLocked?(): void;
}

/**
 * Per-identity lockout after repeated failed sign-ins. Keyed by the normalised
 * identity the caller typed (an email or another sign-in name, or the user for a second factor),
 * not by whether it exists, so an unknown identity locks exactly like a known one.
 * Failures are counted, not attempts: many parallel sign-ins of one person (or a
 * load test) are never locked out; a burst from one source meets the rate limit.
 */
export class Lockout {
  private readonly store: LockStore;
  private readonly opts: Required<LockoutOptions>;

  constructor(private readonly deps: LockoutDeps) {
    this.store = new DatabaseLockStore(deps.adapter);
    this.opts = { enabled: true, maxAttempts: 10, window: 900, duration: 900, ...deps.options };
  }

  private key(identity: string): string {
    return `lockout:${createHash('sha256').update(identity).digest('base64url')}`;
  }

  private refuse(until: number): never {
    const retry = String(Math.max(1, Math.ceil((until - this.deps.now()) / 1000)));
    throw new APIError('TOO_MANY_REQUESTS', 'TOO_MANY_FAILED_ATTEMPTS', LOCKOUT_ERRORS.TOO_MANY_FAILED_ATTEMPTS, {
      'Retry-After': retry,
      'X-Retry-After': retry,
    });
  }

  /** Throws 429 while the identity is locked. */
  async begin(identity: string): Promise<void> {
    if (!this.opts.enabled) return;
    const now = this.deps.now();
    const state = await this.store.read(this.key(identity));
    if (state?.kind === 'locked' && state.until > now) this.refuse(state.until);
  }

  /**
   * Counts a failure, atomically (concurrent failures are each counted); the one
   * that reaches the limit locks the identity, records a `sign-in.lockout` (with the request's
   * IP and user agent when `scope` is given) and tells its owner.
   */
  async fail(identity: string, user: UserRow | null, scope: AuditScope = null): Promise<void> {
    const o = this.opts;
    if (!o.enabled) return;
    const now = this.deps.now();
    let locked = false;
    await this.store.update(this.key(identity), (s) => {
      locked = false;
      if (s?.kind === 'locked' && s.until > now) return s;
      const counting = s?.kind === 'counting' && s.windowStart + o.window * 1000 > now ? s : { kind: 'counting' as const, count: 0, windowStart: now };
      if (counting.count + 1 >= o.maxAttempts) {
        locked = true;
        return { kind: 'locked', until: now + o.duration * 1000 };
      }
      return { ...counting, count: counting.count + 1 };
    });
    if (!locked) return;
    this.deps.onLocked?.();
    await this.deps.audit?.record(scope, 'sign-in.lockout', {
      userId: user?.id ?? null,
      actorId: null,
      details: { until: new Date(now + o.duration * 1000).toISOString() },
    });
    if (user) void this.notify(user);
  }

  /** A success: the count starts again. */
  async succeed(identity: string): Promise<void> {
    if (!this.opts.enabled) return;
    await this.store.clear(this.key(identity));
  }

  /** Lifts any lock and count on the identity, whether or not lockout is on (an admin's unlock). */
  async unlock(identity: string): Promise<void> {
    await this.store.clear(this.key(identity));
  }

  /**
   * Lifts every lock on the user: each identity a sign-in of theirs is counted under
   * (`email:`, `email-otp:`, `username:`, `passkey:`, `two-factor:`). Answers whether one was locked.
   */
  async unlockUser(user: UserRow): Promise<boolean> {
    const now = this.deps.now();
    let wasLocked = false;
    for (const identity of lockoutIdentities(user)) {
      const key = this.key(identity);
      const state = await this.store.read(key);
      if (state?.kind === 'locked' && state.until > now) wasLocked = true;
      if (state) await this.store.clear(key);
    }
    return wasLocked;
  }

  private async notify(user: UserRow): Promise<void> {
    const minutes = Math.round(this.opts.duration / 60);
    const t = this.deps.i18n;
    const locale = t.recipientLocale(user.locale);
    try {
      await this.deps.mailer.send({
        to: user.email,
        subject: t.text(locale, 'mail.lockout.subject'),
        text: `${t.text(locale, 'mail.hello', { name: user.name })}\n\n${t.text(locale, 'mail.lockout.paused', { attempts: this.opts.maxAttempts, minutes })}\n${t.text(locale, 'mail.lockout.advice')}\n`,
      });
    } catch (e) {
      this.deps.logger.warn({ err: String(e), userId: user.id }, 'could not send the lockout notice');
    }
  }
}

/** The identities a user's sign-ins are counted under, by the core and its capabilities. */
export function lockoutIdentities(user: UserRow): string[] {
  const email = user.email.normalize('NFKC').trim().toLowerCase();
  const ids = [`email:${email}`, `email-otp:${email}`, `passkey:${user.id}`, `two-factor:${user.id}`];
  const username = user.username;
  if (typeof username === 'string' && username) ids.push(`username:${username}`);
  return ids;
}
