import { after, type MaybePromise } from '../maybe.js';
import type { SessionAnswers } from './answers.js';
import type { CookieCache } from './cookie-cache.js';
import { remember, sameValues } from './memo.js';
import type { SessionPolicy } from './policy.js';
import type { Found, SessionReads } from './store.js';
import type { TokenCookie } from './token-cookie.js';
import type { RowTrust } from './trust.js';
import type { SessionRow, SessionWithUser, UserRow } from './types.js';

const LIVE_MEMO_SIZE = 1_000;

/** A session the fast lane may answer for, until `until` (the policy's `answerableUntil`). */
interface Live {
  values?: readonly unknown[];
  id: string;
  userId: string;
  until: number;
  /** get-session's answer. */
  body: string;
  /** The trust mark it was read under (`RowTrust`): while it holds, the row is not read again. */
  mark?: unknown;
  /** The session and user it was read as (what a plugin's session read is answered from). */
  session: SessionRow;
  user: UserRow;
}

export interface SessionPeekDeps {
  reads: SessionReads;
  policy: SessionPolicy;
  answers: SessionAnswers;
  tokens: TokenCookie;
  /** Present while `session.cookieCache.enabled`. */
  cookieCache?: CookieCache;
  /** Present when the database says what changed (`session/trust.ts`). */
  trust?: RowTrust;
  now(): number;
}

/**
 * The fast lane's half of the session rules: get-session's and list-sessions' JSON when
 * answering writes nothing (no cookie to set, no row to touch). `undefined`: the general
 * route must answer (a renewal due, a session gone whose cookies must be cleared, a cache
 * cookie to write). At once on SQLite. Expiry and renewal are the policy's, as for the
 * general route.
 */
export class SessionPeek {
  /** Sessions by token key, and rendered session lists (bounded memos). */
  private readonly lives = new Map<string, Live>();
  private readonly lists = new Map<string, { values: readonly unknown[]; body: string; until: number; mark?: unknown }>();
  /**
   * Reads in flight, by the key of what they keep (a token key, `mine:` and a token key), with
   * the trust mark they began under. When a kept row falls due, every request then in flight
   * for it would read it (up to the pool's size at once, opening connections under load); they
   * share one read instead.
   */
  private readonly reading = new Map<string, { mark: unknown; answer: Promise<unknown> }>();

  constructor(private readonly deps: SessionPeekDeps) {}

  /** get-session's JSON: `'null'` without a session, else the body. */
  sessionJson(cookieHeader: string | null): MaybePromise<string | undefined> {
    const { deps } = this;
    const verified = deps.tokens.read(cookieHeader);
    if (!verified) return 'null';
    if (deps.cookieCache) {
      const entry = deps.cookieCache.read(cookieHeader, verified.key);
      if (!entry) return undefined;
      if (entry.json?.token !== verified.token)
        entry.json = { token: verified.token, body: JSON.stringify(deps.answers.session({ ...entry, token: verified.token })) };
      return entry.json.body;
    }
    return after(this.live(verified), (live) => live?.body);
  }

  /**
   * The caller's session on the same terms, for a plugin's read-only answer (`FastLane`'s session
   * reads): `null` without a session (401), `undefined` when the general route must answer. The
   * rows are the kept ones: read them, never change them.
   */
  session(cookieHeader: string | null): MaybePromise<SessionWithUser | null | undefined> {
    const { deps } = this;
    const verified = deps.tokens.read(cookieHeader);
    if (!verified) return null;
    if (deps.cookieCache) {
      const entry = deps.cookieCache.read(cookieHeader, verified.key);
      // As the general route answers from the cache cookie: copies of its rows.
      return entry ? { session: { ...entry.session }, user: { ...entry.user }, token: verified.token } : undefined;
    }
    return after(this.live(verified), (live) => live && { session: live.session, user: live.user, token: verified.token });
  }

  /** list-sessions' JSON on the same terms: `null` means no session (401). */
  listJson(cookieHeader: string | null): MaybePromise<string | null | undefined> {
    const { deps } = this;
    const verified = deps.tokens.read(cookieHeader);
    if (!verified) return null;
    if (deps.cookieCache) {
      const entry = deps.cookieCache.read(cookieHeader, verified.key);
      return entry ? this.userList(entry.session) : undefined;
    }
    const key = `mine:${verified.key}`;
    const kept = this.lists.get(key);
    if (kept && deps.trust?.holds(key, kept.mark) && kept.until > deps.now()) return kept.body;
    const mark = deps.trust?.mark();
    if (deps.reads.cache && mark === undefined) return after(this.live(verified), (live) => live && this.userList(live));
    // One query: the caller's session among its user's sessions, found by its token.
    return this.shared(key, mark, () =>
      after(deps.reads.listRowsByToken(verified.key), (rows) => {
        const now = deps.now();
        const known = this.lists.get(key);
        const mine = rows.find((values) => deps.reads.isKeptUnder(values, verified.key));
        if (!mine) return undefined;
        const current = deps.reads.sessionRow.read(mine) as SessionRow;
        const keep = mark !== undefined && deps.trust!.keep(key, current.userId, mark);
        if (known && known.until > now && sameValues(known.values, rows)) {
          known.mark = keep ? mark : undefined;
          return known.body;
        }
        const until = deps.policy.answerableUntil(current);
        if (until <= now) return undefined;
        return this.renderList(key, rows, current.id, until, keep ? mark : undefined);
      }),
    );
  }

  /**
   * The session behind a verified token when the lane may answer for it: live, and no
   * renewal due. Kept per token with the database row it was read from, so a request
   * whose row is unchanged (compared value by value) reuses the rendered answer and makes
   * no objects; from secondary storage it is built every time.
   */
  private live(verified: { token: string; key: string }): MaybePromise<Live | undefined> {
    const { deps } = this;
    const key = verified.key;
    const fresh = (live: Live | undefined) => (live && live.until > deps.now() ? live : undefined);
    const kept = this.lives.get(key);
    // Nothing it was read from has changed since: answered without reading it again.
    if (kept && deps.trust?.holds(key, kept.mark)) return fresh(kept);
    const mark = deps.trust?.mark();
    return after(
      this.shared(key, mark, () => this.read(verified, mark)),
      fresh,
    );
  }

  /**
   * `read()`, or the answer of the same read begun under the same mark (nothing told changed
   * since) and still in flight. Without a trust nothing is shared, as nothing is kept.
   */
  private shared<T>(key: string, mark: unknown, read: () => MaybePromise<T>): MaybePromise<T> {
    if (mark === undefined) return read();
    const pending = this.reading.get(key);
    if (pending && pending.mark === mark) return pending.answer as Promise<T>;
    const answer = read();
    if (answer instanceof Promise) {
      this.reading.set(key, { mark, answer });
      const done = () => {
        if (this.reading.get(key)?.answer === answer) this.reading.delete(key);
      };
      answer.then(done, done);
    }
    return answer;
  }

  /** Reads the session behind a verified token (secondary storage, else the database), keeping it under `mark` where the trust allows. */
  private read(verified: { token: string; key: string }, mark: unknown): MaybePromise<Live | undefined> {
    const { deps } = this;
    const key = verified.key;
    const build = (found: Found | null, keep: boolean): Live | undefined => {
      if (!found) return undefined;
      const { session } = found;
      const entry: Live = {
        values: found.values,
        id: session.id,
        userId: session.userId,
        until: deps.policy.answerableUntil(session),
        body: JSON.stringify(deps.answers.session({ ...found, token: verified.token })),
        session,
        user: found.user,
      };
      if (keep) entry.mark = mark;
      if (found.values || keep) remember(this.lives, key, entry, LIVE_MEMO_SIZE);
      return entry;
    };
    const keeps = (userId: string) => mark !== undefined && !!deps.trust?.keep(key, userId, mark);
    if (deps.reads.cache) {
      // Secondary storage first; what it answers is kept only under a trust that covers it (messages sent after its records are marked).
      const covered = mark !== undefined && deps.trust?.coversSecondaryStorage === true;
      return after(deps.reads.byKey(verified.key), (found) => build(found, !!found && covered && keeps(found.session.userId)));
    }
    return after(deps.reads.joinedRow(verified.key), (values) => {
      if (!values) return undefined;
      const known = this.lives.get(key);
      const entry = known?.values && sameValues(known.values, values) ? known : build(deps.reads.readJoined(values), false);
      if (entry) entry.mark = keeps(entry.userId) ? mark : undefined;
      return entry;
    });
  }

  /** The user's live sessions as list-sessions answers them, rendered again only when the rows change or one expires. */
  private userList(current: { id: string; userId: string }): MaybePromise<string> {
    return after(this.deps.reads.listRows(current.userId), (rows) => {
      const key = `list:${current.id}`;
      const known = this.lists.get(key);
      if (known && known.until > this.deps.now() && sameValues(known.values, rows)) return known.body;
      return this.renderList(key, rows, current.id, Number.POSITIVE_INFINITY);
    });
  }

  /** Renders a session list and keeps it until `until` or the first listed expiry, whichever comes first. */
  private renderList(key: string, rows: readonly unknown[][], currentId: string, until: number, mark?: unknown): string {
    const live = this.deps.reads.liveRows(rows, this.deps.now());
    const body = JSON.stringify(this.deps.answers.list(live, currentId));
    remember(this.lists, key, { values: rows, body, until: Math.min(until, ...live.map((s) => s.expiresAt.getTime())), mark }, LIVE_MEMO_SIZE);
    return body;
  }
}
