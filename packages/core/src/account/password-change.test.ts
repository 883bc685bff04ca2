import { describe, expect, it } from 'vitest';
import { APIError } from '../errors.js';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

describe('change-password', () => {
  it('changes the password and keeps the session: {token: null, user}', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp();
    const r = await t.json('/change-password', { body: { currentPassword: password, newPassword: 'the new password' } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ token: null, user: { email } });
    expect((r.data.user as Record<string, unknown>).password).toBeUndefined();
    expect((await t.json('/get-session')).data).not.toBeNull();
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(401);
    expect((await t.json('/sign-in/email', { body: { email, password: 'the new password' }, jar: null })).status).toBe(200);
  });

  it('with revokeOtherSessions: a new session for the caller, every other one ends', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp();
    const other = t.newJar();
    await t.json('/sign-in/email', { body: { email, password }, jar: other });
    const before = t.jar.get('better-auth.session_token');
    const r = await t.json<{ token: string; user: { email: string } }>('/change-password', {
      body: { currentPassword: password, newPassword: 'the new password', revokeOtherSessions: true },
    });
    expect(r.status).toBe(200);
    expect(typeof r.data.token).toBe('string');
    expect(r.data.user.email).toBe(email);
    expect(t.jar.get('better-auth.session_token')).not.toBe(before);
    expect(t.jar.get('better-auth.session_token')!.startsWith(`${r.data.token}.`)).toBe(true);
    expect((await t.json('/get-session')).data).not.toBeNull();
    expect((await t.json('/get-session', { jar: other })).data).toBeNull();
    const list = await t.json<unknown[]>('/list-sessions');
    expect(list.data).toHaveLength(1);
  });

  it('refuses a wrong current password, a bad new one, and a user without a password', async () => {
    t = await clients.open();
    const { password } = await t.signUp();
    const wrong = await t.json('/change-password', { body: { currentPassword: 'not my password', newPassword: 'the new password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ message: 'Invalid password', code: 'INVALID_PASSWORD' });
    const short = await t.json('/change-password', { body: { currentPassword: password, newPassword: 'short' } });
    expect(short.data).toEqual({ message: 'Password too short', code: 'PASSWORD_TOO_SHORT' });
    const anonymous = await t.json('/change-password', { body: { currentPassword: password, newPassword: 'the new password' }, jar: null });
    expect(anonymous.status).toBe(401);

    const ctx = await t.auth.context();
    const s = await t.json<{ user: { id: string } }>('/get-session');
    await ctx.adapter.delete('account', [{ field: 'userId', value: s.data.user.id }]);
    const none = await t.json('/change-password', { body: { currentPassword: password, newPassword: 'the new password' } });
    expect(none.status).toBe(400);
    expect(none.data).toEqual({ message: 'Credential account not found', code: 'CREDENTIAL_ACCOUNT_NOT_FOUND' });
  });
});

describe('set-password (server only)', () => {
  /** A signed-in user who only has a social account, and their cookie header. */
  async function socialUser() {
    const ctx = await t.auth.context();
    const email = uniqueEmail('social');
    const user = await ctx.adapter.create<{ id: string }>('user', { email, name: 'Social', emailVerified: true });
    await ctx.adapter.create('account', { userId: user!.id, providerId: 'google', accountId: 'g-1' });
    const { token } = await ctx.sessions.create(null, user!.id);
    return { email, userId: user!.id, cookie: `better-auth.session_token=${encodeURIComponent(ctx.signer.sign(token))}` };
  }

  it('is not reachable over HTTP', async () => {
    t = await clients.open();
    await t.signUp();
    const r = await t.request('/set-password', { body: { newPassword: 'whatever password' } });
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('');
  });

  it('gives a social-only user a password once', async () => {
    t = await clients.open();
    const { email, cookie } = await socialUser();
    expect(await t.auth.api.setPassword({ body: { newPassword: 'first password' }, headers: { cookie } })).toEqual({ status: true });
    expect((await t.json('/sign-in/email', { body: { email, password: 'first password' }, jar: null })).status).toBe(200);
    const again = await t.auth.api.setPassword({ body: { newPassword: 'second password' }, headers: { cookie } }).catch((e) => e);
    expect(again).toBeInstanceOf(APIError);
    expect(again).toMatchObject({ status: 400, code: 'USER_ALREADY_HAS_PASSWORD', message: 'user already has a password' });
  });

  it('refuses a user who already has a password, and a caller without a session', async () => {
    t = await clients.open();
    await t.signUp();
    const e = await t.auth.api.setPassword({ body: { newPassword: 'another password' }, headers: { cookie: t.jar.header() } }).catch((x) => x);
    expect(e).toMatchObject({ status: 400, code: 'USER_ALREADY_HAS_PASSWORD' });
    const anon = await t.auth.api.setPassword({ body: { newPassword: 'another password' } }).catch((x) => x);
    expect(anon).toMatchObject({ status: 401 });
    const { cookie } = await socialUser();
    const short = await t.auth.api.setPassword({ body: { newPassword: 'short' }, headers: { cookie } }).catch((x) => x);
    expect(short).toMatchObject({ status: 400, code: 'PASSWORD_TOO_SHORT' });
  });
});
