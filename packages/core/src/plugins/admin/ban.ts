import type { DatabaseHooks, HookServices, Row } from '../../kit.js';
import { adminError } from './errors.js';

/**
 * Refuses a banned user (403 BANNED_USER). A ban whose expiry has passed is
 * lifted instead (spec section 4: "the next session creation clears the ban").
 */
export async function enforceBan(auth: HookServices, user: Row): Promise<void> {
  if (!user.banned) return;
  const expires = user.banExpires instanceof Date ? user.banExpires.getTime() : null;
  if (expires !== null && expires <= auth.now()) {
    await auth.adapter.update('user', [{ field: 'id', value: user.id }], { banned: false, banReason: null, banExpires: null });
    return;
  }
  throw adminError('FORBIDDEN', 'BANNED_USER');
}

/** Every way of signing in ends in a new session: the ban is checked there. */
export const banHooks = (auth: HookServices): DatabaseHooks => ({
  session: {
    create: {
      async before(data) {
        const user = await auth.adapter.findOne('user', [{ field: 'id', value: data.userId }]);
        if (user) await enforceBan(auth, user);
      },
    },
  },
});
