import { z } from 'zod';
import { defineEndpoint } from '../../kit.js';
import { checkUsername, usernameConfig } from './rules.js';

/** Lets a sign-up form say "taken" before submitting; a malformed name answers the rule it breaks. */
export const isUsernameAvailable = defineEndpoint({
  method: 'POST',
  path: '/is-username-available',
  body: z.object({ username: z.string() }),
  async handler(c) {
    const username = checkUsername(usernameConfig.get(c.auth), c.body.username);
    const holder = await c.auth.adapter.findOne('user', [{ field: 'username', value: username }]);
    return { available: !holder };
  },
});
