import { describe, expect, it } from 'vitest';
import { SessionPolicy } from './policy.js';
import type { SessionRow } from './types.js';

const DAY = 86_400_000;
const options = { expiresIn: 7 * 86400, updateAge: 86400, freshAge: 86400, cookieCache: { enabled: false, maxAge: 300 } };

function session(over: Partial<SessionRow> = {}): SessionRow {
  const t = new Date(0);
  return { id: 's', userId: 'u', token: 'h', createdAt: t, updatedAt: t, expiresAt: new Date(7 * DAY), ...over };
}

describe('SessionPolicy', () => {
  it('gives a new session expiresIn, a not-remembered one a day, an explicit one its own', () => {
    const p = new SessionPolicy(options, () => 1000);
    expect(p.expiryOfNew().getTime()).toBe(1000 + 7 * DAY);
    expect(p.expiryOfNew({ dontRemember: true }).getTime()).toBe(1000 + DAY);
    expect(p.expiryOfNew({ expiresIn: 60 }).getTime()).toBe(1000 + 60_000);
  });

  it('renews once updateAge has passed since the last renewal, never a not-remembered one or under the opt-out cookie', () => {
    let now = DAY - 1;
    const p = new SessionPolicy(options, () => now);
    expect(p.renewalDue(session())).toBe(DAY);
    expect(p.renewal(session(), () => false)).toBeNull();
    now = DAY;
    expect(p.renewal(session(), () => false)?.getTime()).toBe(8 * DAY);
    expect(p.renewal(session(), () => true)).toBeNull();
    expect(p.renewal(session({ dontRemember: true }), () => false)).toBeNull();
  });

  it('reads the opt-out cookie only when a renewal is due', () => {
    const p = new SessionPolicy(options, () => 0);
    let asked = 0;
    p.renewal(session(), () => ++asked > 0);
    expect(asked).toBe(0);
  });

  it('lets an answer hold until the expiry or the renewal, whichever comes first', () => {
    const p = new SessionPolicy(options, () => 0);
    expect(p.answerableUntil(session())).toBe(DAY);
    expect(p.answerableUntil(session({ dontRemember: true, expiresAt: new Date(DAY) }))).toBe(DAY);
    const late = new SessionPolicy({ ...options, updateAge: 8 * 86400 }, () => 0);
    expect(late.answerableUntil(session())).toBe(7 * DAY);
  });

  it('expires at expiresAt and is fresh within freshAge of its last write (0: always)', () => {
    let now = 7 * DAY - 1;
    const p = new SessionPolicy(options, () => now);
    expect(p.isExpired(session())).toBe(false);
    now = 7 * DAY;
    expect(p.isExpired(session())).toBe(true);
    expect(p.isFresh(session({ updatedAt: new Date(now - DAY + 1) }))).toBe(true);
    expect(p.isFresh(session({ updatedAt: new Date(now - DAY) }))).toBe(false);
    expect(new SessionPolicy({ ...options, freshAge: 0 }, () => now).isFresh(session())).toBe(true);
  });
});
