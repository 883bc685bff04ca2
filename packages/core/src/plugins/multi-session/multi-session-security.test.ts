import { describe, expect, it } from 'vitest';
import { Signer, useTestClients } from '../../test-kit.js';
import { activeEmail, addAccount, deviceSessions, multiCookies, multiName, SESSION_COOKIE, sessionLives, withMultiSession } from './test-kit.js';

/**
 * The attacks on several accounts in one browser: a token learnt elsewhere (a leaked
 * get-session answer, a log), a multi cookie made up, unsigned, signed with another secret
 * or moved to another token's name, a session that ended, a cross-site request, and a
 * header stuffed with cookies. Each is refused or ignored, and nothing of the victim's changes.
 */
const clients = useTestClients();

const refused = { status: 401, data: { code: 'INVALID_SESSION_TOKEN', message: 'Invalid session token' } };

describe('multi-session: only what this browser holds', () => {
  it('a token from another browser cannot be activated or revoked, even with its raw value known', async () => {
    const t = await clients.open(withMultiSession());
    await addAccount(t, 'Mallory');
    const victimJar = t.newJar();
    const victim = await addAccount(t, 'Victim', victimJar);
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: victim.token } })).toMatchObject(refused);
    expect(await t.json('/multi-session/revoke', { body: { sessionToken: victim.token } })).toMatchObject(refused);
    // The upper- or lower-case form of the token changes nothing.
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: victim.token.toLowerCase() } })).toMatchObject(refused);
    expect(await sessionLives(t, victim.token)).toBe(true);
    expect(await activeEmail(t, victimJar)).toBe(victim.email);
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).not.toContain(victim.email);
  });

  it('a made-up multi cookie is refused: unsigned, badly signed, signed with another secret', async () => {
    const t = await clients.open(withMultiSession());
    await addAccount(t, 'Mallory');
    const victim = await addAccount(t, 'Victim', t.newJar());
    const name = multiName(victim.token);
    const otherSecret = new Signer(['another-instance-secret-0123456789abcdef0123456789']).sign(victim.token);
    for (const value of [victim.token, `${victim.token}.${'A'.repeat(43)}`, `${victim.token}.`, otherSecret]) {
      const headers = { cookie: `${t.jar.header()}; ${name}=${encodeURIComponent(value)}` };
      expect(await t.json('/multi-session/set-active', { body: { sessionToken: victim.token }, headers }), value).toMatchObject(refused);
      expect(await t.json('/multi-session/revoke', { body: { sessionToken: victim.token }, headers }), value).toMatchObject(refused);
      // list-device-sessions ignores it and clears it.
      const list = await t.json<{ user: { email: string } }[]>('/multi-session/list-device-sessions', { headers, jar: null });
      expect(list.data.map((d) => d.user.email)).not.toContain(victim.email);
      expect(list.response.headers.getSetCookie().find((l) => l.startsWith(`${name}=`))).toMatch(/Max-Age=0/);
    }
    expect(await sessionLives(t, victim.token)).toBe(true);
  });

  it('a correctly signed cookie under another token’s name counts for nothing', async () => {
    const t = await clients.open(withMultiSession());
    const mine = await addAccount(t, 'Mallory');
    const victim = await addAccount(t, 'Victim', t.newJar());
    // Mallory's own signed value, put under the victim's name: the name must be its value's.
    const headers = { cookie: `${t.jar.header()}; ${multiName(victim.token)}=${encodeURIComponent(t.jar.get(multiName(mine.token))!)}` };
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: victim.token }, headers })).toMatchObject(refused);
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: mine.token }, headers })).toMatchObject({ status: 200 });
    const list = await t.json<{ session: { token: string } }[]>('/multi-session/list-device-sessions', { headers, jar: null });
    expect(list.data.map((d) => d.session.token)).toEqual([mine.token]);
  });

  it('a session cookie made up from another browser’s raw token is neither active nor listed', async () => {
    const t = await clients.open(withMultiSession());
    const mine = await addAccount(t, 'Mallory');
    // The victim's session token is only a raw value to the attacker: no cookie can carry it signed.
    const victim = await addAccount(t, 'Victim', t.newJar());
    t.jar.cookies.set(SESSION_COOKIE, `${victim.token}.${'B'.repeat(43)}`);
    expect((await deviceSessions(t)).data.map((d) => d.session.token)).toEqual([mine.token]);
    expect(await activeEmail(t)).toBeNull();
  });

  it('a revoked session cannot be switched back to; its cookie is cleared', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    await addAccount(t, 'Bob');
    const saved = t.jar.get(multiName(ada.token))!;
    await t.json('/multi-session/revoke', { body: { sessionToken: ada.token } });
    // The cookie replayed after the revocation.
    t.jar.cookies.set(multiName(ada.token), saved);
    const r = await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } });
    expect(r).toMatchObject(refused);
    expect(multiCookies(t.jar)).not.toContain(multiName(ada.token));
    expect(await sessionLives(t, ada.token)).toBe(false);
  });

  it('an expired session cannot be switched to, and is deleted', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(6 * 86400);
    await addAccount(t, 'Bob');
    t.clock.advance(86400 + 1);
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } })).toMatchObject(refused);
    expect(await (await t.auth.context()).adapter.count('session', [{ field: 'userId', value: ada.userId }])).toBe(0);
  });

  it('refuses a cross-site switch or revoke (403 INVALID_ORIGIN)', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    await addAccount(t, 'Bob');
    for (const path of ['/multi-session/set-active', '/multi-session/revoke', '/multi-session/sign-out-all']) {
      const r = await t.json(path, { body: { sessionToken: ada.token }, headers: { origin: 'https://evil.example' } });
      expect(r, path).toMatchObject({ status: 403, data: { code: 'INVALID_ORIGIN' } });
    }
    expect(await sessionLives(t, ada.token)).toBe(true);
  });

  it('the maximum holds against a header stuffed with cookies: the extra ones are neither read nor kept', async () => {
    const t = await clients.open(withMultiSession({}, { maximumSessions: 2 }));
    await addAccount(t, 'Ada');
    const junk = Array.from({ length: 200 }, (_, i) => `${multiName(`junk${i}`)}=junk${i}.x`).join('; ');
    const r = await t.json<{ token: string }>('/sign-up/email', {
      body: { name: 'Bob', email: 'bob-stuffed@example.com', password: 'correct horse battery' },
      headers: { cookie: `${t.jar.header()}; ${junk}` },
    });
    expect(r.status).toBe(200);
    expect(multiCookies(t.jar)).toHaveLength(2);
    expect((await deviceSessions(t)).data).toHaveLength(2);
  });
});
