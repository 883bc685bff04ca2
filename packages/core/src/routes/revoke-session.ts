import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { fail } from '../errors.js';
import { sessionTokenWhere } from '../session/token-key.js';

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
    const found = await c.auth.adapter.findOne<{ id: string }>('session', [{ field: 'userId', value: userId }, ...sessionTokenWhere(c.body.token)]);
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
