import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import type { UserRow } from '../../session/types.js';
import { isEmail, normalizeEmail } from '../../sign-in.js';
import { accountMails } from '../mail-templates.js';
import { refreshSessionCookies } from '../session-cookies.js';
import { signEmailToken } from '../tokens.js';
import { sendVerification, verifyEmailURL } from '../verification.js';

/**
 * POST /change-email {newEmail, callbackURL?}. An unverified user's address
 * changes at once (still unverified) and the new address gets a verification
 * link. A verified user's change needs confirmation: a /verify-email link
 * carrying `{email: current, updateTo: new}` goes to the CURRENT address.
 */
export const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/change-email',
  changesSession: true,
  body: z.object({ newEmail: z.string(), callbackURL: z.string().optional() }),
  redirectFields: ['callbackURL'],
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth, body } = c;
    if (!auth.options.user.changeEmail.enabled) fail('BAD_REQUEST', 'CHANGE_EMAIL_DISABLED');
    const user = c.session.user;
    const newEmail = normalizeEmail(body.newEmail);
    if (!isEmail(newEmail)) fail('BAD_REQUEST', 'INVALID_EMAIL');
    if (newEmail === user.email) fail('BAD_REQUEST', 'EMAIL_IS_THE_SAME');
    if (await auth.adapter.findOne('user', [{ field: 'email', value: newEmail }])) fail('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS');

    if (user.emailVerified) {
      const token = await signEmailToken(auth, { email: user.email, updateTo: newEmail });
      await accountMails.changeEmail(auth, user, newEmail, verifyEmailURL(auth, token, body.callbackURL), token);
      return { status: true };
    }

    let updated: UserRow | null;
    try {
      updated = await auth.adapter.update<UserRow>('user', [{ field: 'id', value: user.id }], { email: newEmail, emailVerified: false });
    } catch (e) {
      if (auth.database.caps.isUniqueViolation(e)) fail('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS');
      throw e;
    }
    if (!updated) fail('BAD_REQUEST', 'COULDNT_UPDATE_YOUR_EMAIL');
    try {
      await sendVerification(auth, updated, body.callbackURL);
    } catch (e) {
      // Undo: the address must not change when its verification mail could not go out.
      await auth.adapter.update('user', [{ field: 'id', value: user.id }], { email: user.email });
      throw e;
    }
    refreshSessionCookies(c, updated);
    await auth.audit.record(c, 'email.change', { userId: user.id, details: { from: user.email, to: newEmail } });
    return { status: true };
  },
});
