import { definePlugin } from '../../kit.js';
import { USERNAME_ERRORS } from './errors.js';
import { usernameHooks } from './hooks.js';
import { isUsernameAvailable } from './is-username-available.js';
import { type UsernameOptions, usernameConfig, usernameRules } from './rules.js';
import { signInUsername } from './sign-in-username.js';
import { USERNAME_MESSAGES } from './translations.js';

export type { UsernameOptions } from './rules.js';

/** The username routes with their precise types (route-types.ts derives the client's from them). */
export const usernameRoutes = [signInUsername, isUsernameAvailable] as const;

/**
 * Usernames (spec sections 3 and 5): a unique lowercased `username` beside the email,
 * accepted by sign-up and update-user (validated in the user hooks), and sign-in by it.
 * Options: `username.minUsernameLength`, `maxUsernameLength`, `usernameValidator`.
 */
export function usernamePlugin(options: UsernameOptions = {}) {
  const rules = usernameRules(options);
  return definePlugin({
    id: 'username',
    features: { username: true },
    schema: {
      user: {
        fields: {
          username: { type: 'string', unique: true, input: true },
          displayUsername: { type: 'string', input: true },
        },
      },
    },
    endpoints: usernameRoutes,
    errors: USERNAME_ERRORS,
    messages: USERNAME_MESSAGES,
    databaseHooks: usernameHooks(rules),
    init(auth) {
      usernameConfig.set(auth, rules);
    },
  });
}
