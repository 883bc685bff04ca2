import { defineEndpoint } from '../endpoint.js';

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/sign-out',
  changesSession: true,
  async handler(c) {
    const signed = c.getCookie(c.auth.cookies.sessionToken);
    const token = signed ? c.auth.signer.unsign(signed) : null;
    if (token) {
      const found = await c.auth.sessions.find(token);
      if (found) {
        await c.auth.sessions.revoke(found.session.id);
        await c.auth.audit.record(c, 'sign-out', { userId: found.user.id, actorId: found.user.id });
      }
    }
    c.auth.sessions.clearCookies(c);
    return { success: true };
  },
});
