import { answerOf, defineEndpoint, type SessionAnswer } from '../../../kit.js';
import { adminError } from '../errors.js';

/**
 * POST /admin/stop-impersonating: ends the impersonation session and restores
 * the admin's own session from the signed `admin_session` cookie. Open to any
 * session (the impersonated user is seldom an admin); only an impersonation gets further.
 */
export const stopImpersonating = () =>
  defineEndpoint({
    method: 'POST',
    path: '/admin/stop-impersonating',
    changesSession: true,
    answer: answerOf<SessionAnswer>(),
    requireSession: true,
    requirePerson: true,
    async handler(c) {
      const { auth } = c;
      const current = c.session;
      const adminId = current.session.impersonatedBy as string | null | undefined;
      if (!adminId) throw adminError('BAD_REQUEST', 'YOU_ARE_NOT_IMPERSONATING_ANYONE');
      const adminUser = await auth.adapter.findOne('user', [{ field: 'id', value: adminId }]);
      if (!adminUser) throw adminError('BAD_REQUEST', 'FAILED_TO_FIND_USER');
      const cookie = auth.cookies.named('admin_session');
      const adminToken = c.getSignedCookie(cookie);
      const admin = adminToken ? await auth.sessions.find(adminToken) : null;
      if (!adminToken || !admin || admin.user.id !== adminId) throw adminError('BAD_REQUEST', 'FAILED_TO_FIND_ADMIN_SESSION');
      await auth.sessions.revoke(current.session.id);
      await auth.audit.record(c, 'impersonation.stop', { userId: current.user.id, actorId: adminId });
      c.deleteCookie(cookie);
      auth.sessions.setCookies(c, { session: admin.session, user: admin.user, token: adminToken }, !!admin.session.dontRemember);
      return { session: auth.publicSession(admin.session), user: auth.publicUser(admin.user) };
    },
  });
