import { z } from 'zod';
import { hashToken, sessionTokenKey } from '../crypto/sign.js';
import { defineEndpoint } from '../endpoint.js';
import { fail } from '../errors.js';

/** Revokes one of the caller's own sessions, named by its token (raw, or as listed). */
export const revokeSession = defineEndpoint({
  method: 'POST',
  path: '/revoke-session',
  changesSession: true,
  body: z.object({ token: z.string().min(1) }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const userId = c.session.user.id;
    const found = await c.auth.adapter.findOne<{ id: string }>('session', [
      { field: 'userId', value: userId },
      { field: 'token', value: c.body.token, connector: 'OR' },
      { field: 'token', value: sessionTokenKey(c.body.token), connector: 'OR' },
      // A session made before token keys is kept under its token's hash alone.
      { field: 'token', value: hashToken(c.body.token), connector: 'OR' },
    ]);
    if (!found) fail('BAD_REQUEST', 'SESSION_NOT_FOUND');
    await c.auth.sessions.revoke(found.id);
    await c.auth.audit.record(c, 'session.revoke', { userId, details: { sessionId: found.id } });
    return { status: true };
  },
});

export const revokeSessions = defineEndpoint({
  method: 'POST',
  path: '/revoke-sessions',
  changesSession: true,
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    await c.auth.sessions.revokeAll(c.session.user.id);
    await c.auth.audit.record(c, 'session.revoke', { userId: c.session.user.id, details: { scope: 'all' } });
    c.auth.sessions.clearCookies(c);
    return { status: true };
  },
});

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/revoke-other-sessions',
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    await c.auth.sessions.revokeAll(c.session.user.id, c.session.session.id);
    await c.auth.audit.record(c, 'session.revoke', { userId: c.session.user.id, details: { scope: 'others' } });
    return { status: true };
  },
});
