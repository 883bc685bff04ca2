import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import type { UserRow } from '../../session/types.js';
import { isEmail, normalizeEmail } from '../../sign-in.js';
import { deliverInBackground } from '../../mail/deliver.js';
import { signEmailToken } from '../tokens.js';
import { sendVerification } from '../verification.js';

/**
 * POST /send-verification-email {email, callbackURL?}: (re)sends the verification link.
 * Unknown and already verified addresses get the same `{status: true}` without a mail,
 * so the answer says nothing about which addresses have accounts.
 */
export const sendVerificationEmail = defineEndpoint({
  method: 'POST',
  path: '/send-verification-email',
  body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, body } = c;
    const email = normalizeEmail(body.email);
    if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
    const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
    if (user && !user.emailVerified) {
      // After the answer, so that delivery (its time, its failure) tells nothing.
      deliverInBackground(auth, () => sendVerification(auth, user, body.callbackURL));
    } else {
      // The token signing the real path does, so both paths cost about the same.
      await signEmailToken(auth, { email });
    }
    return { status: true };
  },
});
