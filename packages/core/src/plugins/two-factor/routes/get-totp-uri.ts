import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { twoFactorConfig } from '../config.js';
import { twoFactorError } from '../errors.js';
import { requirePassword } from '../password.js';
import { findTwoFactor, openSecret } from '../store.js';
import { totpURI } from '../totp.js';

/** The enrolled secret again (to add another authenticator); behind the password, as it is the factor itself. */
export const getTotpUri = defineEndpoint({
  method: 'POST',
  path: '/two-factor/get-totp-uri',
  body: z.object({ password: z.string() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth } = c;
    const user = c.session.user;
    await requirePassword(c, user.id, c.body.password);
    const row = await findTwoFactor(auth, user.id);
    const secret = row ? openSecret(auth, row) : null;
    if (!secret) throw twoFactorError('BAD_REQUEST', 'TOTP_NOT_ENABLED');
    return { totpURI: totpURI(secret, twoFactorConfig(auth).issuer, user.email) };
  },
});
