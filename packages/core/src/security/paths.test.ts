import { describe, expect, it } from 'vitest';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

/**
 * Issue 9, item 3: another spelling of a path never gets a fresh rate-limit bucket and
 * never reaches a route that is turned off. (routes/edge.test.ts checks that a few
 * spellings answer 404; the process-level twin is tests/security/paths.test.ts.)
 * A variant may do one of two things: answer 404 with no body, or be the same route
 * (the URL parser folds `/./`, `%65`, …) and then count in the same bucket.
 */

let t: TestClient;
const clients = useTestClients();

const BASE = 'http://localhost:3000';
/** Spellings of `/api/auth<path>`; the URL parser of `Request` sees exactly these. */
function variants(path: string): string[] {
  const [, first, rest] = /^\/([^/]+)(.*)$/.exec(path)!;
  const encodedFirst = first!.replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
  return [
    `/api/auth${path}/`,
    `/api/auth/${path}`,
    `/api//auth${path}`,
    `//api/auth${path}`,
    `/api/auth${path}//`,
    `/api/auth/./${first}${rest}`,
    `/api/auth/x/../${first}${rest}`,
    `/api/auth/%2e/${first}${rest}`,
    `/api/auth/x/%2e%2e/${first}${rest}`,
    `/api/auth/${first}/.${rest}`,
    `/api/auth/${first}${rest}/.`,
    `/api/auth/${first}${rest}/..${rest}`,
    `/api/auth/${encodedFirst}${rest}`,
    `/api/auth/${first}${rest.replace('/', '%2F')}`,
    `/api/auth/${first}${rest.replace('/', '%2f')}`,
    `/api/auth/${first}${rest.replace('/', '%5C')}`,
    `/api/auth/${first}${rest.replace('/', '\\')}`,
    `/api/auth${path}%00`,
    `/api/auth${path}%20`,
    `/api/auth${path};`,
    `/api/auth${path};x=1`,
    `/api/auth${path}.json`,
    `/api/auth${path}%2F`,
    `/api/auth${path.toUpperCase()}`,
    `/API/AUTH${path}`,
    `/api/auth${path}?x=1`,
    `/api/auth${path}#frag`,
    `/api/auth%2F${first}${rest}`,
    `/api%2Fauth${path}`,
  ];
}

describe('spellings of a rate-limited path share its bucket', () => {
  it.each(['/sign-in/email', '/sign-up/email', '/change-password', '/forget-password'])('%s', async (path) => {
    t = await clients.open({ rateLimit: { enabled: true, customRules: { '/forget-password': { window: 10, max: 3 } } } });
    const body =
      path === '/sign-up/email'
        ? { name: 'N', email: uniqueEmail(), password: 'short' }
        : { email: 'no-one@example.com', password: 'quiet-meadow-4821', newPassword: 'x', currentPassword: 'y' };
    // Use up the bucket by the canonical spelling…
    for (let i = 0; i < 3; i++) expect((await t.request(path, { body, jar: null })).status).not.toBe(429);
    expect((await t.request(path, { body, jar: null })).status).toBe(429);
    // …then no other spelling gets a request through.
    for (const v of variants(path)) {
      const r = await t.request(`${BASE}${v}`, { method: 'POST', body, jar: null });
      if (r.status === 404) expect(await r.text(), v).toBe('');
      else expect(r.status, v).toBe(429);
    }
  });
});

describe('spellings of a turned-off route stay 404', () => {
  const off = {
    twoFactor: { enabled: false },
    organization: { enabled: false },
    admin: { enabled: false },
    username: { enabled: false },
    user: { deleteUser: { enabled: false } },
  };
  const routes = [
    '/two-factor/enable',
    '/organization/create',
    '/admin/list-users',
    '/admin/list-audit-events',
    '/sign-in/username',
    '/delete-user',
    '/delete-user/callback',
    // Server-only: never over HTTP, whatever the spelling.
    '/set-password',
  ];
  it.each(routes)('%s', async (path) => {
    t = await clients.open(off);
    await t.signUp();
    for (const v of [`/api/auth${path}`, ...variants(path)]) {
      for (const method of ['GET', 'POST']) {
        const r = await t.request(`${BASE}${v}`, { method, body: method === 'POST' ? {} : undefined });
        expect(r.status, `${method} ${v}`).toBe(404);
        expect(await r.text()).toBe('');
      }
    }
  });
});
