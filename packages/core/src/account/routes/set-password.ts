import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { findCredential, setCredentialPassword } from '../credential.js';

/**
 * set-password {newPassword}: gives a user who signed up socially a password.
 * Server-only (`auth.api.setPassword({ body, headers })`), never over HTTP: the
 * application decides when a session may add a password without knowing one.
 */
export const setPassword = defineEndpoint({
  method: 'POST',
  path: '/set-password',
  serverOnly: true,
  body: z.object({ newPassword: z.string() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth } = c;
    const { user } = c.session;
    await auth.password.check(c.body.newPassword, { userId: user.id });
    if ((await findCredential(auth.adapter, user.id))?.password) fail('BAD_REQUEST', 'USER_ALREADY_HAS_PASSWORD');
    await setCredentialPassword(auth.adapter, user.id, await auth.password.hash(c.body.newPassword, c));
    return { status: true };
  },
});
