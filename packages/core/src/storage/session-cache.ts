import type { Adapter } from '../db/adapter.js';
import type { DatabaseHooks } from '../db/hooks.js';
import type { Schema } from '../db/schema.js';
import type { Row } from '../db/types.js';
import type { Logger } from '../logger.js';
import type { SessionRow, UserRow } from '../session/types.js';
import { genericSessionOps } from './session-ops.js';
import { REVOKED, STALE_PREFIX, type SecondaryStorage, type SessionRecordOps } from './types.js';

export interface Found {
  session: SessionRow;
  user: UserRow;
}

/** A revoked record outlives any write that was in flight when it was revoked. */
const MIN_REVOKED_MS = 60_000;
/** A user stamp must outlive any database read in flight when the user changed. */
const USER_STAMP_MS = 3_600_000;
/** While a pending revocation waits for the storage to come back, retry this often. */
const RETRY_MS = 1_000;

export const sessionKey = (tokenHash: string) => `session:${tokenHash}`;
/** The active-sessions list of spec section 3: prefix + user id. */
export const activeSessionsKey = (userId: string) => `active-sessions-${userId}`;
const userStampKey = (userId: string) => `user-updated:${userId}`;

/**
 * Sessions in secondary storage (Redis): `session:<tokenHash>` holds `{session, user}`
 * with TTL = expiry, and `active-sessions-<userId>` lists a user's token hashes.
 *
 * The database stays the source of truth. A missing record (evicted, never written, or
 * the storage down) is read from the database and written back, so an eviction logs
 * nobody out. Database writes reach the storage through after-hooks: a deleted session
 * becomes REVOKED (never written back by a read that was in flight), a changed session
 * or user becomes STALE (read again from the database). A revocation the storage could
 * not take is retried until it does, before any record is trusted again.
 */
export class SessionCache {
  private readonly ops: SessionRecordOps;
  private readonly dates: Record<'session' | 'user', string[]>;
  private degraded = false;
  /** Markers not yet written (storage down), by key; replayed as soon as it answers. */
  private readonly pending = new Map<string, { revoked: boolean; expiresAt: number }>();
  private retry?: ReturnType<typeof setInterval>;

  constructor(
    private readonly storage: SecondaryStorage,
    private readonly adapter: Adapter,
    schema: Schema,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {
    this.ops = storage.sessionOps ?? genericSessionOps(storage);
    const dateFields = (model: string) =>
      Object.entries(schema[model]!.fields)
        .filter(([, f]) => f.type === 'date')
        .map(([n]) => n);
    this.dates = { session: dateFields('session'), user: dateFields('user') };
  }

  /** The record for a token hash: the session and its user, 'revoked', or null (read the database). */
  async read(tokenHash: string): Promise<Found | 'revoked' | null> {
    const key = sessionKey(tokenHash);
    let raw: string | null;
    try {
      raw = await this.storage.get(key);
    } catch (e) {
      this.down(e);
      return null;
    }
    this.up();
    if (this.pending.size) {
      // Revocations taken while it was down go first; until then this record is not trusted.
      const waiting = this.pending.get(key);
      void this.flush();
      if (waiting) return waiting.revoked ? 'revoked' : null;
    }
    if (raw === null || raw.startsWith(STALE_PREFIX)) return null;
    if (raw === REVOKED) return 'revoked';
    try {
      const { session, user } = JSON.parse(raw) as { session: Row; user: Row };
      for (const f of this.dates.session) if (session[f] != null) session[f] = new Date(session[f] as string);
      for (const f of this.dates.user) if (user[f] != null) user[f] = new Date(user[f] as string);
      return { session: session as SessionRow, user: user as UserRow };
    } catch {
      return null;
    }
  }

  /** The storage's clock, taken before a database read whose answer `fill` may write back; null when it is down. */
  async clock(): Promise<number | null> {
    try {
      return await this.ops.now();
    } catch (e) {
      this.down(e);
      return null;
    }
  }

  /** Writes back what the database answered after a miss; `readAt` is `clock()` from before the read. */
  async fill(found: Found, readAt: number): Promise<void> {
    await this.write(found.session, found.user, readAt);
  }

  /** The after-hooks that keep the storage in step with the database. */
  hooks(): DatabaseHooks {
    return {
      session: {
        create: { after: (row) => this.sessionCreated(row as SessionRow) },
        update: { after: (row) => this.sessionChanged(row as SessionRow) },
        delete: { after: (row) => this.sessionDeleted(row as SessionRow) },
      },
      user: {
        update: { after: (row) => this.userChanged(row as UserRow) },
        delete: { after: (row) => this.userDeleted(row as UserRow) },
      },
    };
  }

  /** Stops the retry timer (the instance is closing). */
  close(): void {
    if (this.retry) clearInterval(this.retry);
    this.retry = undefined;
  }

  private async write(session: SessionRow, user: UserRow, readAt: number): Promise<void> {
    const now = this.now();
    const expiresAt = session.expiresAt.getTime();
    if (expiresAt <= now) return;
    try {
      // List first: a user deletion that reads the list after this sees the record
      // (and revokes it); one that read it before has raised the stamp, refusing `put`.
      await this.ops.updateList(activeSessionsKey(session.userId), { token: session.token, expiresAt }, [], now);
      await this.ops.put(sessionKey(session.token), JSON.stringify({ session, user }), expiresAt - now, readAt, userStampKey(user.id));
    } catch (e) {
      this.down(e);
    }
  }

  private async sessionCreated(session: SessionRow): Promise<void> {
    const readAt = await this.clock();
    if (readAt === null) return;
    const user = await this.adapter.findOne<UserRow>('user', [{ field: 'id', value: session.userId }]);
    if (user) await this.write(session, user, readAt);
  }

  private async sessionChanged(session: SessionRow): Promise<void> {
    const expiresAt = session.expiresAt.getTime();
    await this.mark(sessionKey(session.token), false, expiresAt);
    await this.safely(() => this.ops.updateList(activeSessionsKey(session.userId), { token: session.token, expiresAt }, [], this.now()));
  }

  private async sessionDeleted(session: SessionRow): Promise<void> {
    await this.mark(sessionKey(session.token), true, session.expiresAt.getTime());
    await this.safely(() => this.ops.updateList(activeSessionsKey(session.userId), null, [session.token], this.now()));
  }

  private async userChanged(user: UserRow): Promise<void> {
    await this.forEachListed(user.id, false, (token, expiresAt) => this.mark(sessionKey(token), false, expiresAt));
  }

  /** The database deleted the user's sessions in cascade, without session hooks: revoke them here. */
  private async userDeleted(user: UserRow): Promise<void> {
    await this.forEachListed(user.id, true, (token, expiresAt) => this.mark(sessionKey(token), true, expiresAt));
  }

  private async forEachListed(userId: string, gone: boolean, fn: (token: string, expiresAt: number) => Promise<void>): Promise<void> {
    try {
      // The stamp first: a write-back of this user's data read before now is refused.
      await this.ops.stamp(userStampKey(userId), USER_STAMP_MS, gone);
      const list = JSON.parse((await this.storage.get(activeSessionsKey(userId))) ?? '[]') as { token: string; expiresAt: number }[];
      for (const e of Array.isArray(list) ? list : []) await fn(e.token, Number(e.expiresAt));
    } catch (e) {
      // Without the list the user's records cannot be found: they expire on their own,
      // and deleted sessions were revoked one by one where the database said so.
      this.down(e);
    }
  }

  /** Writes a marker; if the storage is down, keeps it to write when it answers again. */
  private async mark(key: string, revoked: boolean, expiresAt: number): Promise<void> {
    const ttl = Math.max(expiresAt - this.now(), revoked ? MIN_REVOKED_MS : 1000);
    try {
      await this.ops.mark(key, revoked, ttl);
      this.pending.delete(key);
    } catch (e) {
      this.down(e);
      if (!this.pending.get(key)?.revoked) this.pending.set(key, { revoked, expiresAt: this.now() + ttl });
      this.retry ??= setInterval(() => void this.flush(), RETRY_MS);
      this.retry.unref?.();
    }
  }

  private async safely(fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this.down(e);
    }
  }

  private flushing?: Promise<void>;
  private flush(): Promise<void> {
    this.flushing ??= (async () => {
      try {
        for (const [key, p] of [...this.pending]) {
          const ttl = p.expiresAt - this.now();
          if (ttl <= 0) this.pending.delete(key);
          else await this.ops.mark(key, p.revoked, ttl);
          this.pending.delete(key);
        }
        this.up();
        if (!this.pending.size) this.close();
      } catch {
        // still down: the timer tries again
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  private up(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger.info({}, 'secondary storage answers again: sessions are read from it');
  }

  private down(e: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'secondary storage unavailable: sessions are read from the database');
  }
}
