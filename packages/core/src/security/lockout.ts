import { createHash } from 'node:crypto';
import type { AuthContext } from '../context.js';
import { APIError } from '../errors.js';
import type { UserRow } from '../session/types.js';

export const LOCKOUT_ERRORS = {
  TOO_MANY_FAILED_ATTEMPTS: 'Too many failed attempts. Please try again later.',
} as const;

interface LockState {
  failures: number;
  firstFailure: number;
  lockedUntil: number;
}

/**
 * Per-identity lockout after repeated failed sign-ins. Keyed by the normalised
 * identity the caller typed (email or username), not by user id, so that an
 * unknown identity locks exactly like a known one and reveals nothing.
 */
export class Lockout {
  constructor(private readonly auth: AuthContext) {}

  private get opts() {
    return { enabled: true, maxAttempts: 10, window: 900, duration: 900, ...this.auth.options.lockout };
  }

  private key(identity: string): string {
    return `lockout:${createHash('sha256').update(identity).digest('base64url')}`;
  }

  private async read(key: string): Promise<{ id?: string; state: LockState } | null> {
    const storage = this.auth.secondaryStorage;
    if (storage) {
      const raw = await storage.get(key).catch(() => null);
      return raw ? { state: JSON.parse(raw) as LockState } : null;
    }
    const row = await this.auth.adapter.findOne<{ id: string; value: string }>('verification', [{ field: 'identifier', value: key }]);
    return row ? { id: row.id, state: JSON.parse(row.value) as LockState } : null;
  }

  private async write(key: string, existing: { id?: string } | null, state: LockState): Promise<void> {
    const ttl = Math.max(this.opts.window, this.opts.duration);
    const storage = this.auth.secondaryStorage;
    if (storage) {
      await storage.set(key, JSON.stringify(state), ttl).catch(() => undefined);
      return;
    }
    const expiresAt = new Date(this.auth.now() + ttl * 1000);
    if (existing?.id) await this.auth.adapter.update('verification', [{ field: 'id', value: existing.id }], { value: JSON.stringify(state), expiresAt }, { hooks: false });
    else await this.auth.adapter.create('verification', { identifier: key, value: JSON.stringify(state), expiresAt }, { hooks: false });
  }

  /** Throws 429 while the identity is locked. */
  async assertOpen(identity: string): Promise<void> {
    if (!this.opts.enabled) return;
    const found = await this.read(this.key(identity));
    const now = this.auth.now();
    if (found && found.state.lockedUntil > now) {
      const retry = String(Math.ceil((found.state.lockedUntil - now) / 1000));
      throw new APIError('TOO_MANY_REQUESTS', 'TOO_MANY_FAILED_ATTEMPTS', LOCKOUT_ERRORS.TOO_MANY_FAILED_ATTEMPTS, {
        'Retry-After': retry,
        'X-Retry-After': retry,
      });
    }
  }

  /** Counts a failure; the one that reaches the limit locks the identity and tells its owner. */
  async recordFailure(identity: string, user: UserRow | null): Promise<void> {
    if (!this.opts.enabled) return;
    const key = this.key(identity);
    const found = await this.read(key);
    const now = this.auth.now();
    let state: LockState =
      found && found.state.firstFailure + this.opts.window * 1000 > now ? found.state : { failures: 0, firstFailure: now, lockedUntil: 0 };
    state = { ...state, failures: state.failures + 1 };
    if (state.failures >= this.opts.maxAttempts) {
      state = { failures: 0, firstFailure: now, lockedUntil: now + this.opts.duration * 1000 };
      if (user) void this.notify(user);
    }
    await this.write(key, found, state);
  }

  async recordSuccess(identity: string): Promise<void> {
    if (!this.opts.enabled) return;
    const key = this.key(identity);
    const found = await this.read(key);
    if (!found) return;
    if (this.auth.secondaryStorage) await this.auth.secondaryStorage.delete(key).catch(() => undefined);
    else if (found.id) await this.auth.adapter.delete('verification', [{ field: 'id', value: found.id }]);
  }

  private async notify(user: UserRow): Promise<void> {
    const minutes = Math.round(this.opts.duration / 60);
    try {
      await this.auth.mailer.send({
        to: user.email,
        subject: 'Sign-in paused after failed attempts',
        text: `Hello ${user.name},\n\nThere were ${this.opts.maxAttempts} failed attempts to sign in to your account, so sign-in is paused for ${minutes} minutes.\nIf this was not you, consider changing your password once you can sign in again.\n`,
      });
    } catch (e) {
      this.auth.logger.warn({ err: String(e), userId: user.id }, 'could not send the lockout notice');
    }
  }
}
