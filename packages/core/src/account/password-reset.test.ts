import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, linkIn, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  let mails: Mail[];
  ({ t, mails } = await clients.openWithMail(options));
  return mails;
}
const tokenIn = (m: Mail) => /\/reset-password\/([A-Za-z0-9]+)/.exec(linkIn(m))![1]!;
const verificationRows = async () => (await t.auth.context()).adapter.findMany('verification');

describe('password reset', () => {
  it('mails a 24-character token link; the token resets the password once', async () => {
    const mails = await setup();
    const { email, password } = await t.signUp();
    const r = await t.json('/forget-password', { body: { email, redirectTo: '/reset' }, jar: null });
    expect(r).toMatchObject({ status: 200, data: { status: true } });
    expect(mails).toHaveLength(1);
    const token = tokenIn(mails[0]!);
    expect(token).toHaveLength(24);
    expect(linkIn(mails[0]!)).toBe(`http://localhost:3000/api/auth/reset-password/${token}?callbackURL=%2Freset`);
    expect(mails[0]!.subject).toBe('Reset your password');
    const rows = await verificationRows();
    expect(rows.map((v) => v.identifier)).toEqual([`reset-password:${token}`]);

    const reset = await t.json('/reset-password', { body: { newPassword: 'a brand new password', token }, jar: null });
    expect(reset).toMatchObject({ status: 200, data: { status: true } });
    expect(await verificationRows()).toHaveLength(0);
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(401);
    expect((await t.json('/sign-in/email', { body: { email, password: 'a brand new password' }, jar: null })).status).toBe(200);

    const again = await t.json('/reset-password', { body: { newPassword: 'yet another password', token }, jar: null });
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ message: 'invalid token', code: 'INVALID_TOKEN' });
  });

  it('answers the same for unknown addresses, and /request-password-reset is an alias', async () => {
    const mails = await setup();
    const unknown = await t.json('/forget-password', { body: { email: uniqueEmail('ghost') } });
    expect(unknown).toMatchObject({ status: 200, data: { status: true } });
    const alias = await t.json('/request-password-reset', { body: { email: uniqueEmail('ghost') } });
    expect(alias).toMatchObject({ status: 200, data: { status: true } });
    expect(mails).toHaveLength(0);
    expect(await verificationRows()).toHaveLength(0);

    const { email } = await t.signUp();
    await t.json('/request-password-reset', { body: { email } });
    expect(mails).toHaveLength(1);
    expect(linkIn(mails[0]!)).toMatch(/\/reset-password\/[A-Za-z0-9]{24}\?callbackURL=%2F$/);
  });

  it('refuses an untrusted redirectTo', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    const r = await t.json('/forget-password', { body: { email, redirectTo: 'https://evil.example/' } });
    expect(r.status).toBe(403);
    expect(r.data).toEqual({ message: 'Invalid redirectURL', code: 'INVALID_REDIRECT_URL' });
    expect(mails).toHaveLength(0);
  });

  it('GET /reset-password/:token redirects with the token, or error=INVALID_TOKEN', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email, redirectTo: 'http://localhost:3000/reset?step=2' } });
    const link = linkIn(mails[0]!);
    const token = tokenIn(mails[0]!);
    const ok = await t.request(link);
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(`http://localhost:3000/reset?step=2&token=${token}`);
    // Looking does not use the token up.
    expect((await t.request(link)).headers.get('location')).toContain(`token=${token}`);

    const unknown = await t.request('/reset-password/doesnotexist?callbackURL=%2Freset');
    expect(unknown.headers.get('location')).toBe('/reset?error=INVALID_TOKEN');
    t.clock.advance(3601);
    expect((await t.request(link)).headers.get('location')).toBe('http://localhost:3000/reset?step=2&error=INVALID_TOKEN');
    expect((await t.request('/reset-password/x?callbackURL=https%3A%2F%2Fevil.example')).status).toBe(403);
  });

  it('expires the token after resetPasswordTokenExpiresIn', async () => {
    const mails = await setup({ emailAndPassword: { resetPasswordTokenExpiresIn: 900 } });
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email } });
    t.clock.advance(901);
    const r = await t.json('/reset-password', { body: { newPassword: 'a brand new password', token: tokenIn(mails[0]!) } });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ message: 'invalid token', code: 'INVALID_TOKEN' });
    // The expired row is cleaned up on that attempt.
    expect(await verificationRows()).toHaveLength(0);
  });

  it('accepts the token in the query, and checks the password length without using the token', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email } });
    const token = tokenIn(mails[0]!);
    const short = await t.json(`/reset-password?token=${token}`, { body: { newPassword: 'short' } });
    expect(short.status).toBe(400);
    expect(short.data).toEqual({ message: 'Password too short', code: 'PASSWORD_TOO_SHORT' });
    const long = await t.json(`/reset-password?token=${token}`, { body: { newPassword: 'x'.repeat(129) } });
    expect(long.data).toEqual({ message: 'Password too long', code: 'PASSWORD_TOO_LONG' });
    const ok = await t.json(`/reset-password?token=${token}`, { body: { newPassword: 'long enough now' } });
    expect(ok.status).toBe(200);
    expect((await t.json('/reset-password', { body: { newPassword: 'long enough now' } })).data).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('of two concurrent uses of one token exactly one wins', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email } });
    const token = tokenIn(mails[0]!);
    const results = await Promise.all(
      ['first password!', 'second password!'].map((newPassword) => t.json('/reset-password', { body: { newPassword, token }, jar: null })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'first password!' : 'second password!';
    expect((await t.json('/sign-in/email', { body: { email, password: winner }, jar: null })).status).toBe(200);
  });

  it('is callable server-side: api.resetPasswordCallback (GET) and api.resetPassword (POST)', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.auth.api.forgetPassword({ body: { email } });
    const token = tokenIn(mails[0]!);
    expect(await t.auth.api.resetPasswordCallback({ params: { token } })).toEqual({ token });
    expect(await t.auth.api.resetPassword({ body: { newPassword: 'server side reset', token } })).toEqual({ status: true });
    await expect(t.auth.api.resetPasswordCallback({ params: { token } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('revokes every session when revokeSessionsOnPasswordReset is on', async () => {
    const mails = await setup({ emailAndPassword: { revokeSessionsOnPasswordReset: true } });
    const { email } = await t.signUp();
    expect((await t.json('/get-session')).data).not.toBeNull();
    await t.json('/forget-password', { body: { email } });
    await t.json('/reset-password', { body: { newPassword: 'a brand new password', token: tokenIn(mails[0]!) }, jar: null });
    expect((await t.json('/get-session')).data).toBeNull();
  });

  it('keeps sessions by default', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email } });
    await t.json('/reset-password', { body: { newPassword: 'a brand new password', token: tokenIn(mails[0]!) }, jar: null });
    expect((await t.json('/get-session')).data).not.toBeNull();
  });

  it('gives a social-only user a password login', async () => {
    const mails = await setup();
    const ctx = await t.auth.context();
    const email = uniqueEmail('social');
    const user = await ctx.adapter.create<{ id: string }>('user', { email, name: 'Social', emailVerified: true });
    await ctx.adapter.create('account', { userId: user!.id, providerId: 'github', accountId: '12345' });
    await t.json('/forget-password', { body: { email } });
    await t.json('/reset-password', { body: { newPassword: 'my first password', token: tokenIn(mails[0]!) } });
    const accounts = await ctx.adapter.findMany('account', { where: [{ field: 'userId', value: user!.id }] });
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'github']);
    expect((await t.json('/sign-in/email', { body: { email, password: 'my first password' }, jar: null })).status).toBe(200);
  });

  it("uses the library user's sendResetPassword", async () => {
    const sent: { user: Record<string, unknown>; url: string; token: string }[] = [];
    const mails = await setup({ emailAndPassword: { sendResetPassword: async (d) => void sent.push(d) } });
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email } });
    expect(mails).toHaveLength(0);
    expect(sent[0]!.user.email).toBe(email);
    expect(sent[0]!.url).toBe(`http://localhost:3000/api/auth/reset-password/${sent[0]!.token}?callbackURL=%2F`);
  });

  it('refuses with "Reset password isn\'t enabled" when email and password is off', async () => {
    await setup({ emailAndPassword: { enabled: false } });
    const r = await t.json('/forget-password', { body: { email: uniqueEmail() } });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ message: "Reset password isn't enabled", code: 'RESET_PASSWORD_DISABLED' });
  });
});
