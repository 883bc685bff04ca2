import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import type { UserRow } from '../../session/types.js';
import { parseUserInput } from '../../user-fields.js';
import { refreshSessionCookies } from '../session-cookies.js';

/**
 * POST /update-user {name?, image?, …custom input fields}: the signed-in user's profile.
 * Only fields declared as input are taken (validated and transformed); the email
 * changes only through /change-email.
 */
export const updateUser = defineEndpoint({
  method: 'POST',
  path: '/update-user',
  changesSession: true,
  body: z.looseObject({ name: z.string().optional(), image: z.string().nullish() }),
  requireSession: true,
  async handler(c) {
    const { auth, body } = c;
    if (body.email !== undefined) fail('BAD_REQUEST', 'EMAIL_CAN_NOT_BE_UPDATED');
    const fields = parseUserInput(auth, body, 'update');
    if (Object.keys(fields).length === 0) return { status: true };
    const user = await auth.adapter.update<UserRow>('user', [{ field: 'id', value: c.session.user.id }], fields);
    if (!user) fail('BAD_REQUEST', 'FAILED_TO_UPDATE_USER');
    refreshSessionCookies(c, user);
    return { status: true };
  },
});
