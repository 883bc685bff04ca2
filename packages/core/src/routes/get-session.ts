import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/get-session',
  query: z.object({ disableCookieCache: flag, disableRefresh: flag }),
  async handler(c) {
    const s = await c.auth.sessions.fromRequest(c, c.query);
    if (!s) return null;
    return { session: { ...c.auth.publicSession(s.session), token: s.token }, user: c.auth.publicUser(s.user) };
  },
});
