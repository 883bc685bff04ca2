import { describe, expect, it } from 'vitest';
import { gatehouseTest, type Mail, type TestClient, uniqueEmail, useTestClients } from '../../test-kit.js';
import { usernameHooks } from './hooks.js';
import { usernameRules } from './rules.js';

let t: TestClient;
const clients = useTestClients();
const test = gatehouseTest();

type User = { id: string; email: string; username?: string | null; displayUsername?: string | null };

describe('username: sign-up and validation', () => {
  it('stores the username lowercased and keeps the typed casing as displayUsername', async () => {
    t = await clients.open();
    const { data } = await t.signUp({ username: 'Alice_1' });
    const user = data.user as User;
    expect(user.username).toBe('alice_1');
    expect(user.displayUsername).toBe('Alice_1');
    const s = await t.json<{ user: User }>('/get-session');
    expect(s.data.user.username).toBe('alice_1');
  });

  it('keeps a displayUsername given at sign-up', async () => {
    t = await clients.open();
    const { data } = await t.signUp({ username: 'bob', displayUsername: 'Bobby B' });
    expect((data.user as User).displayUsername).toBe('Bobby B');
  });

  it('refuses short, long and invalid usernames with 422 and the spec messages', async () => {
    t = await clients.open();
    const cases: [string, string, string][] = [
      ['ab', 'USERNAME_TOO_SHORT', 'username is too short'],
      ['a'.repeat(31), 'USERNAME_TOO_LONG', 'username is too long'],
      ['bad name!', 'INVALID_USERNAME', 'username is invalid'],
      ['dot.ted', 'INVALID_USERNAME', 'username is invalid'],
    ];
    for (const [username, code, message] of cases) {
      const r = await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: 'quiet-meadow-4821', username }, jar: null });
      expect(r.status).toBe(422);
      expect(r.data).toEqual({ code, message });
    }
    // 3 and 30 characters are allowed.
    await t.signUp({ username: 'abc' }, t.newJar());
    await t.signUp({ username: 'b'.repeat(30) }, t.newJar());
  });

  it('honours minUsernameLength, maxUsernameLength and usernameValidator', async () => {
    t = await clients.open({
      username: { minUsernameLength: 5, maxUsernameLength: 8, usernameValidator: (u) => /^[a-z.]+$/i.test(u) },
    });
    const check = async (username: string) => (await t.json('/is-username-available', { body: { username } })).data;
    expect(await check('abcd')).toMatchObject({ code: 'USERNAME_TOO_SHORT' });
    expect(await check('abcdefghi')).toMatchObject({ code: 'USERNAME_TOO_LONG' });
    expect(await check('ab_cd')).toMatchObject({ code: 'INVALID_USERNAME' });
    expect(await check('ab.cd')).toEqual({ available: true });
  });

  it('refuses a username already taken in another casing', async () => {
    t = await clients.open();
    await t.signUp({ username: 'Carol' }, t.newJar());
    const r = await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: 'quiet-meadow-4821', username: 'CAROL' }, jar: null });
    expect(r.status).toBe(422);
    expect(r.data).toEqual({ code: 'USERNAME_IS_ALREADY_TAKEN', message: 'username is already taken. please try another.' });
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('user', [{ field: 'username', value: 'carol' }])).toBe(1);
  });

  it('the hook refuses a taken username when given the running adapter, but not the row itself', async () => {
    t = await clients.open();
    const { data } = await t.signUp({ username: 'dave' }, t.newJar());
    const ctx = await t.auth.context();
    const hooks = usernameHooks(usernameRules())(ctx).user!;
    const create = hooks.create!.before as (d: Record<string, unknown>, c?: unknown) => Promise<unknown>;
    const update = hooks.update!.before as (d: Record<string, unknown>, c?: unknown) => Promise<unknown>;
    await expect(create({ username: 'Dave' }, { adapter: ctx.adapter })).rejects.toMatchObject({
      status: 422,
      code: 'USERNAME_IS_ALREADY_TAKEN',
      message: 'username is already taken. please try another.',
    });
    const self = [{ field: 'id', value: (data.user as User).id }];
    await expect(update({ username: 'DAVE' }, { adapter: ctx.adapter, where: self })).resolves.toEqual({
      data: { username: 'dave', displayUsername: 'DAVE' },
    });
    await ctx.adapter.transaction(async (trx) => {
      await expect(create({ username: 'Eve' }, { adapter: trx })).resolves.toEqual({ data: { username: 'eve', displayUsername: 'Eve' } });
    });
  });
});

describe('username: update-user', () => {
  it('sets, validates and clears the username through /update-user', async () => {
    t = await clients.open();
    const other = t.newJar();
    await t.signUp({ username: 'taken_name' }, other);
    await t.signUp();
    let r = await t.json('/update-user', { body: { username: 'New_Name' } });
    expect(r.status).toBe(200);
    let s = await t.json<{ user: User }>('/get-session?disableCookieCache=true');
    expect(s.data.user).toMatchObject({ username: 'new_name', displayUsername: 'New_Name' });

    r = await t.json('/update-user', { body: { username: 'x' } });
    expect(r).toMatchObject({ status: 422, data: { code: 'USERNAME_TOO_SHORT', message: 'username is too short' } });
    r = await t.json('/update-user', { body: { username: 'has space' } });
    expect(r).toMatchObject({ status: 422, data: { code: 'INVALID_USERNAME', message: 'username is invalid' } });
    r = await t.json('/update-user', { body: { username: 'Taken_Name' } });
    expect(r).toMatchObject({
      status: 422,
      data: { code: 'USERNAME_IS_ALREADY_TAKEN', message: 'username is already taken. please try another.' },
    });

    r = await t.json('/update-user', { body: { username: null } });
    expect(r.status).toBe(200);
    s = await t.json<{ user: User }>('/get-session?disableCookieCache=true');
    expect(s.data.user).toMatchObject({ username: null, displayUsername: null });
  });
});

describe('username: sign-in', () => {
  // Written with the test kit's fixtures and typed calls (gatehouseTest, t.call).
  test('signs in by username in any casing and answers token, user (+ redirect/url)', async ({ t }) => {
    const { password } = await t.signUp({ username: 'Frank' }, t.newJar());
    const jar = t.newJar();
    const r = await t.call('/sign-in/username', { body: { username: 'FRANK', password }, jar });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ redirect: false, user: { username: 'frank' } });
    expect(typeof (r.data as { token: unknown }).token).toBe('string');
    const s = await t.call('/get-session', { jar });
    expect(s.data?.user).toMatchObject({ username: 'frank' });

    const withCallback = await t.call('/sign-in/username', {
      body: { username: 'frank', password, callbackURL: '/dashboard', rememberMe: false },
      jar: t.newJar(),
    });
    expect(withCallback.data).toMatchObject({ redirect: true, url: '/dashboard' });
    expect(withCallback.response.headers.getSetCookie().some((c) => c.startsWith('better-auth.dont_remember='))).toBe(true);

    const untrusted = await t.call('/sign-in/username', { body: { username: 'frank', password, callbackURL: 'https://evil.example.com/' }, jar: null });
    expect(untrusted.status).toBe(403);
    expect(untrusted.error?.message).toBe('Invalid callbackURL');
  });

  it('answers 401 invalid username or password for a wrong password, an unknown user and no credential', async () => {
    t = await clients.open();
    await t.signUp({ username: 'grace' }, t.newJar());
    const ctx = await t.auth.context();
    // A user with a username but no password (e.g. created by a social sign-in).
    await ctx.adapter.create('user', { name: 'H', email: uniqueEmail(), emailVerified: true, username: 'heidi' });
    const miss = { status: 401, data: { code: 'INVALID_USERNAME_OR_PASSWORD', message: 'invalid username or password' } };
    for (const body of [
      { username: 'grace', password: 'wrong password' },
      { username: 'nobody_here', password: 'correct horse battery' },
      { username: 'heidi', password: 'correct horse battery' },
    ]) {
      const r = await t.json('/sign-in/username', { body, jar: t.newJar() });
      expect(r).toMatchObject(miss);
      expect(r.response.headers.getSetCookie()).toEqual([]);
    }
    const invalid = await t.json('/sign-in/username', { body: { username: 'grace' }, jar: null });
    expect(invalid.status).toBe(400);
  });

  it('answers 422 with the username message for a name outside the configured length or characters (spec section 8)', async () => {
    t = await clients.open({ username: { minUsernameLength: 4, maxUsernameLength: 8 } });
    await t.signUp({ username: 'grace' }, t.newJar());
    const ctx = await t.auth.context();
    const failures = () => ctx.adapter.count('rateLimit');
    const before = await failures();
    for (const [username, code, message] of [
      ['abc', 'USERNAME_TOO_SHORT', 'username is too short'],
      ['', 'USERNAME_TOO_SHORT', 'username is too short'],
      ['grace_hopper', 'USERNAME_TOO_LONG', 'username is too long'],
      ['grace!', 'INVALID_USERNAME', 'username is invalid'],
      ['gr ce', 'INVALID_USERNAME', 'username is invalid'],
    ]) {
      const r = await t.json('/sign-in/username', { body: { username, password: 'correct horse battery' }, jar: t.newJar() });
      expect({ status: r.status, data: r.data }, username).toEqual({ status: 422, data: { code, message } });
      expect(r.response.headers.getSetCookie()).toEqual([]);
    }
    // Refused before any look-up: no failure counted against any identity.
    expect(await failures()).toBe(before);
    // The configured rules, not the defaults: 'grace' (5) signs in.
    expect((await t.json('/sign-in/username', { body: { username: 'GRACE', password: 'correct horse battery' }, jar: t.newJar() })).status).toBe(200);

    await t.auth.close();
    t = await clients.open({ username: { usernameValidator: (u) => /^[a-z]+$/.test(u) } });
    const r = await t.json('/sign-in/username', { body: { username: 'grace_1', password: 'x' }, jar: null });
    expect(r).toMatchObject({ status: 422, data: { code: 'INVALID_USERNAME', message: 'username is invalid' } });
  });

  it('with requireEmailVerification, re-sends the verification mail and answers 403 email not verified', async () => {
    const mails: Mail[] = [];
    t = await clients.open({
      emailAndPassword: { requireEmailVerification: true },
      email: { send: async (m) => void mails.push(m) },
    });
    const email = uniqueEmail();
    const signUp = await t.json('/sign-up/email', { body: { name: 'I', email, password: 'quiet-meadow-4821', username: 'ivan' }, jar: null });
    expect(signUp.data).toMatchObject({ token: null });
    const before = mails.length;
    const r = await t.json('/sign-in/username', { body: { username: 'ivan', password: 'quiet-meadow-4821' }, jar: null });
    expect(r).toMatchObject({ status: 403, data: { code: 'EMAIL_NOT_VERIFIED', message: 'email not verified' } });
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.to).toBe(email);
  });
});

describe('username: is-username-available', () => {
  it('answers whether a username is free, case-insensitively', async () => {
    t = await clients.open();
    await t.signUp({ username: 'judy' });
    expect((await t.json('/is-username-available', { body: { username: 'JUDY' } })).data).toEqual({ available: false });
    expect((await t.json('/is-username-available', { body: { username: 'judy2' } })).data).toEqual({ available: true });
    const r = await t.json('/is-username-available', { body: { username: 'no' } });
    expect(r).toMatchObject({ status: 422, data: { code: 'USERNAME_TOO_SHORT' } });
  });
});

describe('username: turned off', () => {
  it('with username.enabled false the routes answer 404 and the fields do not exist', async () => {
    t = await clients.open({ username: { enabled: false } });
    expect((await t.request('/sign-in/username', { body: { username: 'kim', password: 'x' } })).status).toBe(404);
    expect((await t.request('/is-username-available', { body: { username: 'kim' } })).status).toBe(404);
    const { data } = await t.signUp({ username: 'kim' });
    expect(data.user).not.toHaveProperty('username');
    const ctx = await t.auth.context();
    expect(ctx.schema.user!.fields.username).toBeUndefined();
  });
});
