import { describe, expect, it } from 'vitest';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

describe('POST /sign-up/email', () => {
  it('creates the user and its credential account, lowercases the email, signs in', async () => {
    t = await clients.open();
    const email = uniqueEmail('Mixed').toUpperCase();
    const { status, data, response } = await t.json('/sign-up/email', { body: { name: 'Ann', email, password: 'quiet-meadow-4821' } });
    expect(status).toBe(200);
    const user = data.user as Record<string, unknown>;
    expect(user).toMatchObject({ name: 'Ann', email: email.toLowerCase(), emailVerified: false, image: null });
    expect(Object.keys(user).sort()).toEqual(expect.arrayContaining(['id', 'email', 'name', 'image', 'emailVerified', 'createdAt', 'updatedAt']));
    expect(data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(cookie).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    const ctx = await t.auth.context();
    const account = await ctx.adapter.findOne('account', [{ field: 'userId', value: user.id }]);
    expect(account).toMatchObject({ providerId: 'credential', accountId: user.id });
    expect(String(account!.password)).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });

  it('refuses a taken email with 422 USER_ALREADY_EXISTS, whatever its case', async () => {
    t = await clients.open();
    const { email } = await t.signUp();
    const again = await t.json('/sign-up/email', { body: { name: 'B', email: email.toUpperCase(), password: 'quiet-meadow-4821' }, jar: null });
    expect(again.status).toBe(422);
    expect(again.data).toEqual({ message: 'User already exists', code: 'USER_ALREADY_EXISTS' });
  });

  it.each([
    [{ email: 'not-an-email' }, 400, 'INVALID_EMAIL', 'Invalid email'],
    [{ password: 'short' }, 400, 'PASSWORD_TOO_SHORT', 'Password too short'],
    [{ password: 'x'.repeat(129) }, 400, 'PASSWORD_TOO_LONG', 'Password too long'],
  ])('validates %j', async (override, status, code, message) => {
    t = await clients.open();
    const r = await t.json('/sign-up/email', { body: { name: 'C', email: uniqueEmail(), password: 'quiet-meadow-4821', ...override } });
    expect(r.status).toBe(status);
    expect(r.data).toEqual({ code, message });
  });

  it('accepts a 128-character password and verifies it exactly', async () => {
    t = await clients.open();
    const password = 'p'.repeat(127) + 'q';
    const { email } = await t.signUp({ password });
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(200);
    expect((await t.json('/sign-in/email', { body: { email, password: 'p'.repeat(128) }, jar: null })).status).toBe(401);
  });

  it('answers 400 with the schema message when a field is missing', async () => {
    t = await clients.open();
    const r = await t.json('/sign-up/email', { body: { email: uniqueEmail(), password: 'quiet-meadow-4821' } });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ code: 'VALIDATION_ERROR', message: 'name is required', issues: [{ field: 'name', message: 'name is required' }] });
  });

  it('lists every refused field beside the joined message, for the app to show next to each', async () => {
    t = await clients.open();
    const r = await t.json('/sign-up/email', { body: { name: 7, email: uniqueEmail(), password: 7 } });
    expect(r.status).toBe(400);
    const data = r.data as { code: string; message: string; issues: { field: string; message: string }[] };
    expect(data.code).toBe('VALIDATION_ERROR');
    expect(data.issues.map((i) => i.field).sort()).toEqual(['name', 'password']);
    for (const issue of data.issues) expect(data.message).toContain(issue.message);
  });

  it('with autoSignIn off answers token null and sets no cookie', async () => {
    t = await clients.open({ emailAndPassword: { autoSignIn: false } });
    const r = await t.json('/sign-up/email', { body: { name: 'D', email: uniqueEmail(), password: 'quiet-meadow-4821' } });
    expect(r.data.token).toBeNull();
    expect(r.response.headers.getSetCookie()).toEqual([]);
  });

  it('is refused when sign-up is disabled', async () => {
    t = await clients.open({ emailAndPassword: { disableSignUp: true } });
    const r = await t.json('/sign-up/email', { body: { name: 'D', email: uniqueEmail(), password: 'quiet-meadow-4821' } });
    expect(r.data).toEqual({ code: 'EMAIL_PASSWORD_SIGN_UP_DISABLED', message: 'Email and password sign up is not enabled' });
  });

  it('a before-create hook returning false cancels: no user, no account', async () => {
    t = await clients.open({ databaseHooks: { user: { create: { before: () => false } } } });
    const email = uniqueEmail();
    const r = await t.json('/sign-up/email', { body: { name: 'E', email, password: 'quiet-meadow-4821' } });
    expect(r.status).toBe(422);
    expect(r.data.code).toBe('FAILED_TO_CREATE_USER');
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('user')).toBe(0);
    expect(await ctx.adapter.count('account')).toBe(0);
  });

  it('before-create data merges, after-hooks see the record; a failing account insert leaves no user', async () => {
    const seen: unknown[] = [];
    t = await clients.open({
      databaseHooks: {
        user: { create: { before: (u) => ({ data: { name: `${u.name}!` } }), after: (u) => void seen.push(u.name) } },
        account: {
          create: {
            before: () => {
              throw new Error('disk full');
            },
          },
        },
      },
    });
    const r = await t.json('/sign-up/email', { body: { name: 'F', email: uniqueEmail(), password: 'quiet-meadow-4821' } });
    expect(r.status).toBe(500);
    expect(r.data).toEqual({ message: 'Internal Server Error', code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(r.data)).not.toContain('disk full');
    expect(await (await t.auth.context()).adapter.count('user')).toBe(0);
    expect(seen).toEqual([]);
  });

  it('after-hooks run once the user and account are committed', async () => {
    const seen: unknown[] = [];
    t = await clients.open({
      databaseHooks: { user: { create: { before: (u) => ({ data: { name: `${u.name}!` } }), after: (u) => void seen.push(u.name) } } },
    });
    const r = await t.json('/sign-up/email', { body: { name: 'G', email: uniqueEmail(), password: 'quiet-meadow-4821' } });
    expect((r.data.user as { name: string }).name).toBe('G!');
    expect(seen).toEqual(['G!']);
  });
});

describe('POST /sign-in/email', () => {
  it('signs in with the right password and answers redirect, token, url, user', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp({}, t.newJar());
    const r = await t.json('/sign-in/email', { body: { email, password, callbackURL: '/dashboard' } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ redirect: true, url: '/dashboard', user: { email } });
    expect(r.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await t.json('/get-session')).data).not.toBeNull();
  });

  it('answers the same 401 for an unknown user, a wrong password and a user without password', async () => {
    t = await clients.open();
    const { email } = await t.signUp({}, t.newJar());
    const ctx = await t.auth.context();
    const noPassword = await ctx.adapter.create('user', { name: 'Social', email: uniqueEmail('social'), emailVerified: true });
    await ctx.adapter.create('account', { userId: noPassword!.id, providerId: 'github', accountId: '42' });
    for (const body of [
      { email: uniqueEmail('ghost'), password: 'quiet-meadow-4821' },
      { email, password: 'wrong-password' },
      { email: noPassword!.email, password: 'quiet-meadow-4821' },
    ]) {
      const r = await t.json('/sign-in/email', { body, jar: null });
      expect(r.status).toBe(401);
      expect(r.data).toEqual({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' });
    }
  });

  it('rememberMe false: a browser-session cookie, the dont_remember marker, a one-day session', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp({}, t.newJar());
    const r = await t.json('/sign-in/email', { body: { email, password, rememberMe: false } });
    const cookies = r.response.headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith('better-auth.session_token='))!;
    expect(token).not.toContain('Max-Age');
    expect(cookies.some((c) => c.startsWith('better-auth.dont_remember='))).toBe(true);
    const s = (await t.json('/get-session')).data as { session: { expiresAt: string } };
    expect(Date.parse(s.session.expiresAt) - t.clock.ms).toBe(86400 * 1000);
  });

  it('refuses an untrusted callbackURL with 403', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp({}, t.newJar());
    const r = await t.json('/sign-in/email', { body: { email, password, callbackURL: 'https://evil.example/steal' } });
    expect(r.status).toBe(403);
    expect(r.data).toEqual({ message: 'Invalid callbackURL', code: 'INVALID_CALLBACK_URL' });
  });

  it('is refused when email and password is disabled', async () => {
    t = await clients.open({ emailAndPassword: { enabled: false } });
    const r = await t.json('/sign-in/email', { body: { email: uniqueEmail(), password: 'quiet-meadow-4821' } });
    expect(r.data).toEqual({ code: 'EMAIL_PASSWORD_DISABLED', message: 'Email and password is not enabled' });
  });
});

describe('sign-up when the verification mail cannot be sent', () => {
  it('still creates the account and answers; the mail can be asked for again', async () => {
    let fail = true;
    const sent: string[] = [];
    t = await clients.open({
      emailVerification: { sendOnSignUp: true },
      email: {
        send: async (m) => {
          if (fail) throw new Error('smtp down');
          sent.push(m.to);
        },
      },
    });
    const email = uniqueEmail();
    const r = await t.json('/sign-up/email', { body: { name: 'M', email, password: 'quiet-meadow-4821' } });
    expect(r.status).toBe(200);
    expect((r.data.user as { email: string }).email).toBe(email);
    fail = false;
    expect((await t.json('/send-verification-email', { body: { email } })).status).toBe(200);
    expect(sent).toEqual([email]);
  });
});
