import type { SessionAnswer } from '../public-types.js';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../endpoint.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/get-session',
  answer: answerOf<SessionAnswer | null>(),
  query: z.object({ disableCookieCache: flag, disableRefresh: flag }),
  async handler(c) {
    const s = await c.auth.sessions.fromRequest(c, c.query);
    return s && c.auth.sessions.answer(s);
  },
});
