import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../crypto/sign.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, type TestClient } from '../test/harness.js';
import { hashOfSessionKey, sessionKeyHashStartsWith, sessionTokenKey } from './token-key.js';

let t: TestClient;
const clients = useTestClients();

type Listed = { token: string; id: string }[];

/** Signs up and moves the session to the key a session was kept under before token keys: its token's hash alone. */
async function legacySession(): Promise<{ token: string; email: string; password: string }> {
  const { data, email, password } = await t.signUp();
  const token = String(data.token);
  const db = (await t.auth.context()).adapter.db;
  await db
    .updateTable('session')
    .set({ token: hashToken(token) })
    .where('token', '=', sessionTokenKey(token))
    .execute();
  return { token, email, password };
}

/** What the fast lane answers for a GET with the test client's cookies. */
async function lane(path: '/get-session' | '/list-sessions') {
  const answer = await (await t.auth.fastLane()).answer({
    target: `/api/auth${path}`,
    header: (name) => (name === 'cookie' ? t.jar.header() : undefined),
    ip: '127.0.0.1',
  });
  return answer && { status: answer.status, body: JSON.parse(answer.body) as unknown };
}

describe('session token keys', () => {
  it('a new session is kept under its token’s first 8 symbols and hash, in creation order', async () => {
    t = await clients.open();
    const first = String((await t.signUp()).data.token);
    await new Promise((r) => setTimeout(r, 2));
    const second = String((await t.signUp({}, t.newJar())).data.token);
    const rows = await (await t.auth.context()).adapter.findMany<{ token: string }>('session', { sortBy: { field: 'createdAt', direction: 'asc' } });
    expect(rows.map((r) => r.token)).toEqual([sessionTokenKey(first), sessionTokenKey(second)]);
    expect(sessionTokenKey(first) < sessionTokenKey(second)).toBe(true);
  });

  it('the cookie cache’s check in place agrees with the hash within the key, and refuses an empty binding', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9]{32}$/);
    fc.assert(
      fc.property(token, token, fc.integer({ min: 0, max: 43 }), (mine, other, length) => {
        const key = sessionTokenKey(mine);
        for (const prefix of [hashOfSessionKey(key).slice(0, length), hashOfSessionKey(sessionTokenKey(other)).slice(0, length)]) {
          expect(sessionKeyHashStartsWith(key, prefix)).toBe(prefix.length > 0 && hashOfSessionKey(key).startsWith(prefix));
        }
        expect(sessionKeyHashStartsWith(hashOfSessionKey(key), hashOfSessionKey(key).slice(0, 16))).toBe(true);
      }),
    );
    expect(sessionKeyHashStartsWith(sessionTokenKey('a'.repeat(32)), '')).toBe(false);
  });

  const configs: [string, GatehouseOptions][] = [
    ['cookie cache off', {}],
    ['cookie cache on', { session: { cookieCache: { enabled: true } } }],
  ];
  for (const [label, options] of configs) {
    it(`a session made before them (kept under its token's hash alone) is still found, listed and revoked (${label})`, async () => {
      t = await clients.open(options);
      const { email } = await legacySession();
      // The cache cookie written at sign-up names the token, not the key: it still holds.
      expect((await t.json('/get-session')).data).toMatchObject({ user: { email } });
      expect((await t.json('/get-session?disableCookieCache=true')).data).toMatchObject({ user: { email } });
      expect(await lane('/get-session')).toMatchObject({ status: 200, body: { user: { email } } });
      const listed = (await t.json<Listed>('/list-sessions?via=route')).data;
      expect(listed).toHaveLength(1);
      expect(await lane('/list-sessions')).toMatchObject({ status: 200, body: [{ id: listed[0]!.id }] });
      // Revoked as listed: nothing finds it afterwards.
      expect((await t.json('/revoke-session', { body: { token: listed[0]!.token } })).data).toEqual({ status: true });
      expect((await t.json('/get-session?disableCookieCache=true')).data).toBeNull();
      expect(await (await t.auth.context()).adapter.count('session')).toBe(0);
    });
  }

  it('revoke-session finds a session made before them by its raw token too', async () => {
    t = await clients.open();
    const { token, email, password } = await legacySession();
    const other = t.newJar();
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: other })).status).toBe(200);
    expect((await t.json('/revoke-session', { body: { token }, jar: other })).data).toEqual({ status: true });
    expect((await t.json('/get-session?disableCookieCache=true')).data).toBeNull();
  });
});
