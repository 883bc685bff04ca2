import { answerOf, type SessionAnswer } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, isAdmin, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';
import { adminError } from '../errors.js';

/**
 * POST /admin/impersonate-user {userId}: a short session of the target, marked
 * with the admin's id; the admin's own session token waits in a signed
 * `admin_session` cookie until stop-impersonating.
 */
export const impersonateUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/impersonate-user',
    requirePerson: true,
    changesSession: true,
    answer: answerOf<SessionAnswer>(),
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const current = c.session;
      const target = await requireUser(auth, c.body.userId);
      if (isAdmin(o, target) && !o.allowImpersonatingAdmins) throw adminError('FORBIDDEN', 'YOU_CANNOT_IMPERSONATE_ADMINS');
      // Impersonating from an impersonation (of an admin) switches targets: the
      // original admin stays the one to return to.
      const previous = current.session.impersonatedBy as string | null | undefined;
      const { session, token } = await auth.sessions.create(c, target.id, {
        expiresIn: o.impersonationSessionDuration,
        // Never renewed: the impersonation ends when its duration is up.
        dontRemember: true,
        extra: { impersonatedBy: previous ?? current.user.id },
      });
      if (previous) await auth.sessions.revoke(current.session.id);
      else c.setSignedCookie(auth.cookies.named('admin_session'), current.token, { maxAge: o.impersonationSessionDuration, secure: auth.secureCookies });
      auth.sessions.setCookies(c, { session, user: target, token }, true);
      await auth.audit.record(c, 'impersonation.start', { userId: target.id, actorId: previous ?? current.user.id });
      return { session: auth.publicSession(session), user: auth.publicUser(target) };
    },
  });
