import type { Schema } from '../db/schema.js';
import type { Row } from '../db/types.js';
import { publicRow } from '../user-fields.js';
import type { SessionRow, SessionWithUser } from './types.js';

/** get-session's and list-sessions' answers, the same from the general route and the fast lane. */
export class SessionAnswers {
  constructor(
    readonly schema: Schema,
    /** Sessions list-sessions leaves out (made by a plugin on someone's behalf). */
    private readonly hidden: readonly ((session: SessionRow) => boolean)[] = [],
  ) {}

  /** get-session's answer for a session. */
  session(s: SessionWithUser): { session: Row; user: Row } {
    return { session: { ...publicRow(this, 'session', s.session), token: s.token }, user: publicRow(this, 'user', s.user) };
  }

  /** list-sessions' answer: the live sessions, `current` marking the caller's (those a plugin hides left out). */
  list(rows: readonly SessionRow[], currentId: string): Row[] {
    const { hidden } = this;
    return rows.filter((s) => !hidden.some((hides) => hides(s))).map((s) => ({ ...publicRow(this, 'session', s), current: s.id === currentId }));
  }
}
