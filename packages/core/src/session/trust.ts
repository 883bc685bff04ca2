import { randomBytes } from 'node:crypto';
import type { ChangeFeed, MessageFeed, StampFeed } from '../db/change-feed.js';
import type { DatabaseHooks } from '../db/hooks.js';
import type { Logger } from '../logger.js';
import type { SessionRow, UserRow } from './types.js';

/**
 * Whether rows the fast lane read before still hold, so that it can answer again without
 * reading them (`SessionPeek`). A row is kept with the `mark` taken before it was read;
 * `holds` says whether nothing it depends on has changed since.
 */
export interface RowTrust {
  /** Taken before a read whose rows may be kept; `undefined`: they may not (nothing is trusted now). */
  mark(): unknown;
  /** After the read: whether its rows (for `key`, of user `userId`) may be answered from later. */
  keep(key: string, userId: string, mark: unknown): boolean;
  /** Whether rows kept for `key` with `mark` still hold. */
  holds(key: string, mark: unknown): boolean;
  /**
   * Whether what secondary storage answered may be kept too: only when a change is told
   * after the storage's record was marked (messages), not when the trust moves at the
   * database's commit (a stamp), before the storage is marked.
   */
  readonly coversSecondaryStorage: boolean;
}

/** The trust a database's change feed gives, if it has one. */
export function rowTrust(feed: ChangeFeed | undefined, logger: Logger, now: () => number): (RowTrust & { hooks?(): DatabaseHooks }) | undefined {
  if (!feed) return undefined;
  return feed.kind === 'stamp' ? new StampTrust(feed) : new MessageTrust(feed, logger, now);
}

/**
 * SQLite: a row holds while the database's change stamp has not moved (no write by this
 * process or another since it was read). Exact: the stamp is read on every request.
 */
class StampTrust implements RowTrust {
  readonly coversSecondaryStorage = false;
  constructor(private readonly feed: StampFeed) {}

  mark(): unknown {
    return this.feed.stamp();
  }

  keep(_key: string, _userId: string, mark: unknown): boolean {
    return mark !== undefined && mark === this.feed.stamp();
  }

  holds(_key: string, mark: unknown): boolean {
    return mark !== undefined && mark === this.feed.stamp();
  }
}

/**
 * Beyond this a kept row is read again even without a message: the bound on staleness when
 * a message is lost (a writer that stopped between its commit and its message, a write made
 * outside Gatehouse).
 */
export const TRUST_MAX_AGE_MS = 10_000;
/** More kept rows than this and all are dropped (they are read again on demand). */
const MAX_KEPT = 10_000;
/** How long a writer waits for its own message to come back (then the others have theirs too, give or take their event loop). */
const ECHO_WAIT_MS = 250;

/**
 * Postgres (and any database with messages between instances): every write to a session or
 * a user, by any instance, tells all instances `u:<userId>`, and each drops what it kept
 * of that user. A read that was in flight when a message arrived is not kept (the
 * generation moved). While the listening connection is down nothing is kept or trusted.
 */
class MessageTrust implements RowTrust {
  // Its hooks run after the secondary storage's (registered later): a change is told once the record is marked.
  readonly coversSecondaryStorage = true;
  private listening = false;
  private generation = 0;
  private readonly kept = new Map<string, { userId: string; at: number }>();
  private readonly byUser = new Map<string, Set<string>>();
  /** This instance's messages awaiting their echo, by their tag. */
  private readonly echoes = new Map<string, () => void>();
  private readonly instance = randomBytes(6).toString('base64url');
  private sent = 0;

  constructor(
    private readonly feed: MessageFeed,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {
    feed.listen({
      // `u:<userId> <tag>`: that user's sessions or the user changed.
      message: (payload) => {
        if (!payload.startsWith('u:')) return;
        const space = payload.indexOf(' ');
        this.dropUser(payload.slice(2, space < 0 ? undefined : space));
        if (space >= 0) this.echoes.get(payload.slice(space + 1))?.();
      },
      up: () => this.reset(true),
      down: () => this.reset(false),
    });
  }

  mark(): unknown {
    return this.listening ? this.generation : undefined;
  }

  keep(key: string, userId: string, mark: unknown): boolean {
    if (!this.listening || mark !== this.generation) return false;
    if (this.kept.size >= MAX_KEPT) this.reset(true);
    this.kept.set(key, { userId, at: this.now() });
    const keys = this.byUser.get(userId) ?? new Set<string>();
    this.byUser.set(userId, keys);
    keys.add(key);
    return true;
  }

  holds(key: string): boolean {
    if (!this.listening) return false;
    const kept = this.kept.get(key);
    return !!kept && this.now() - kept.at < TRUST_MAX_AGE_MS;
  }

  /** After every committed write to a session or a user: dropped here at once, then told to the others. */
  hooks(): DatabaseHooks {
    const changed = (userId: string) => this.changed(userId);
    return {
      session: {
        create: { after: (row) => changed((row as SessionRow).userId) },
        update: { after: (row) => changed((row as SessionRow).userId) },
        delete: { after: (row) => changed((row as SessionRow).userId) },
      },
      user: {
        update: { after: (row) => changed((row as UserRow).id) },
        delete: { after: (row) => changed((row as UserRow).id) },
      },
    };
  }

  /**
   * Dropped here, then told to all; the write's answer waits (up to ECHO_WAIT_MS) until this
   * instance hears its own message back, so that a client that saw the answer and asks
   * another instance next finds it told already.
   */
  private async changed(userId: string): Promise<void> {
    this.dropUser(userId);
    const tag = `${this.instance}.${++this.sent}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const echoed = this.listening
      ? new Promise<boolean>((resolve) => {
          this.echoes.set(tag, () => resolve(true));
          timer = setTimeout(() => resolve(false), ECHO_WAIT_MS);
        })
      : undefined;
    try {
      await this.feed.publish(`u:${userId} ${tag}`);
      if ((await echoed) === false && this.listening) {
        // Not heard back (a connection that no longer receives, e.g. through a transaction-pooling proxy): trust nothing until listening anew.
        this.logger.warn({}, 'a session change message did not come back: listening again, reading every session meanwhile');
        this.reset(false);
        this.feed.reconnect();
      }
    } catch (e) {
      // The others keep what they read for at most TRUST_MAX_AGE_MS.
      this.logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'could not tell the other instances of a session change');
    } finally {
      clearTimeout(timer);
      this.echoes.delete(tag);
    }
  }

  private dropUser(userId: string): void {
    this.generation++;
    const keys = this.byUser.get(userId);
    if (!keys) return;
    for (const key of keys) this.kept.delete(key);
    this.byUser.delete(userId);
  }

  private reset(listening: boolean): void {
    this.generation++;
    this.listening = listening;
    this.kept.clear();
    this.byUser.clear();
  }
}
