import { defineEndpoint } from '../endpoint.js';

export const ok = defineEndpoint({
  method: 'GET',
  path: '/ok',
  async handler() {
    return { ok: true };
  },
});

/** Readiness: answers only when the database does. */
export const ready = defineEndpoint({
  method: 'GET',
  path: '/ready',
  async handler(c) {
    await c.auth.adapter.count('verification', [{ field: 'id', value: '' }]);
    return { ok: true };
  },
});
