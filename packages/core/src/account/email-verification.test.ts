import { describe, expect, it } from 'vitest';
import { APIError } from '../errors.js';
import type { Mail } from '../mail/types.js';
import { definePlugin } from '../plugin.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, bareLinkIn, linkIn, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  let mails: Mail[];
  ({ t, mails } = await clients.openWithMail(options));
  return mails;
}
const location = (r: Response) => r.headers.get('location');

describe('email verification', () => {
  it('mails a link on sign-up that verifies the address once', async () => {
    const mails = await setup({ emailVerification: { sendOnSignUp: true } });
    const { email } = await t.signUp();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.subject).toBe('Verify your email address');
    const url = bareLinkIn(mails[0]!);
    expect(url.startsWith('http://localhost:3000/api/auth/verify-email?token=')).toBe(true);
    expect(mails[0]!.html).toContain('verify-email?token=');

    const first = await t.json(url);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ status: true, user: { email, emailVerified: true } });
    const s = await t.json<{ user: { emailVerified: boolean } }>('/get-session');
    expect(s.data.user.emailVerified).toBe(true);

    const again = await t.json(url);
    expect(again.status).toBe(401);
    expect(again.data).toEqual({ message: 'invalid token', code: 'INVALID_TOKEN' });
  });

  it('redirects to the callbackURL, with ?error= or &error= on failure', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    expect((await t.json('/send-verification-email', { body: { email, callbackURL: '/welcome?from=mail' } })).data).toEqual({ status: true });
    const url = linkIn(mails[0]!);
    expect(new URL(url).searchParams.get('callbackURL')).toBe('/welcome?from=mail');

    const ok = await t.request(url, { jar: null });
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe('/welcome?from=mail');
    const reuse = await t.request(url, { jar: null });
    expect(location(reuse)).toBe('/welcome?from=mail&error=invalid_token');

    const bad = await t.request('/verify-email?token=nonsense&callbackURL=%2Fwelcome', { jar: null });
    expect(location(bad)).toBe('/welcome?error=invalid_token');
  });

  it('refuses an untrusted callbackURL', async () => {
    await setup();
    const { email } = await t.signUp();
    const r = await t.json('/send-verification-email', { body: { email, callbackURL: 'https://evil.example/steal' } });
    expect(r.status).toBe(403);
    expect(r.data).toEqual({ message: 'Invalid callbackURL', code: 'INVALID_CALLBACK_URL' });
    const v = await t.json('/verify-email?token=x&callbackURL=https%3A%2F%2Fevil.example%2F');
    expect(v.status).toBe(403);
  });

  it('expires links after emailVerification.expiresIn (test clock)', async () => {
    const mails = await setup({ emailVerification: { sendOnSignUp: true, expiresIn: 600 } });
    await t.signUp();
    await t.signUp();
    const [a, b] = mails.map(bareLinkIn);
    t.clock.advance(599);
    expect((await t.json(a!)).status).toBe(200);
    t.clock.advance(2);
    const late = await t.json(b!);
    expect(late.status).toBe(401);
    expect(late.data).toEqual({ message: 'Token expired', code: 'TOKEN_EXPIRED' });
    const redirected = await t.request(`${b!}&callbackURL=${encodeURIComponent('/v')}`);
    expect(location(redirected)).toBe('/v?error=token_expired');
  });

  it('rejects tampered tokens and tokens signed for something else', async () => {
    const mails = await setup({ emailVerification: { sendOnSignUp: true } });
    const { email } = await t.signUp();
    const url = new URL(bareLinkIn(mails[0]!));
    const token = url.searchParams.get('token')!;
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    expect((await t.json(`/verify-email?token=${tampered}`)).data).toMatchObject({ code: 'INVALID_TOKEN' });
    const ctx = await t.auth.context();
    const foreign = await ctx.tokens.sign({ email }, 3600, ctx.now());
    expect((await t.json(`/verify-email?token=${foreign}`)).data).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers user_not_found when the user is gone', async () => {
    const mails = await setup({ emailVerification: { sendOnSignUp: true } });
    const { data } = await t.signUp();
    const ctx = await t.auth.context();
    await ctx.adapter.delete('user', [{ field: 'id', value: (data.user as { id: string }).id }]);
    const r = await t.json(bareLinkIn(mails[0]!));
    expect(r.status).toBe(401);
    expect(r.data).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    expect(location(await t.request(`${bareLinkIn(mails[0]!)}&callbackURL=%2Fx`))).toBe('/x?error=user_not_found');
  });

  it('reveals nothing for unknown or already verified addresses', async () => {
    const mails = await setup();
    const unknown = await t.json('/send-verification-email', { body: { email: uniqueEmail('nobody') } });
    expect(unknown).toMatchObject({ status: 200, data: { status: true } });
    expect(mails).toHaveLength(0);

    const { email } = await t.signUp();
    await t.json('/send-verification-email', { body: { email: email.toUpperCase() } });
    expect(mails).toHaveLength(1);
    await t.json(bareLinkIn(mails[0]!));
    const verified = await t.json('/send-verification-email', { body: { email } });
    expect(verified).toMatchObject({ status: 200, data: { status: true } });
    expect(mails).toHaveLength(1);
    expect((await t.json('/send-verification-email', { body: { email: 'not-an-email' } })).data).toMatchObject({ code: 'INVALID_EMAIL' });
  });

  it('signs in after verification when autoSignInAfterVerification is on', async () => {
    const mails = await setup({
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { autoSignInAfterVerification: true },
    });
    const { email, data } = await t.signUp();
    expect(data.token).toBeNull();
    expect((await t.json('/get-session')).data).toBeNull();
    const jar = t.newJar();
    const r = await t.json(bareLinkIn(mails[0]!), { jar });
    expect(r.data).toMatchObject({ status: true, user: { email, emailVerified: true } });
    const s = await t.json<{ user: { email: string } }>('/get-session', { jar });
    expect(s.data.user.email).toBe(email);
  });

  it("applies plugins' sign-in policies to the automatic sign-in (a refusal means no session, still verified)", async () => {
    const mails = await setup({
      emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true },
      plugins: [
        definePlugin({
          id: 'deny-all',
          async beforeSignIn() {
            throw new APIError('FORBIDDEN', 'DENIED', 'Denied');
          },
        }),
      ],
    });
    const { email } = await t.signUp();
    const jar = t.newJar();
    const r = await t.json(bareLinkIn(mails[0]!), { jar });
    expect(r.data).toMatchObject({ status: true, user: { email, emailVerified: true } });
    expect(jar.cookies.size).toBe(0);
  });

  it('does not sign in after verification by default', async () => {
    const mails = await setup({ emailVerification: { sendOnSignUp: true } });
    await t.signUp();
    const jar = t.newJar();
    await t.json(bareLinkIn(mails[0]!), { jar });
    expect(jar.cookies.size).toBe(0);
  });

  it('requireEmailVerification: sign-in answers 403 after re-sending, and works once verified', async () => {
    const mails = await setup({ emailAndPassword: { requireEmailVerification: true } });
    const { email, password } = await t.signUp();
    expect(mails).toHaveLength(1);
    const denied = await t.json('/sign-in/email', { body: { email, password } });
    expect(denied.status).toBe(403);
    expect(denied.data).toEqual({ message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.to).toBe(email);
    // Any of the links verifies; after that the others are used up.
    expect((await t.json(bareLinkIn(mails[1]!))).status).toBe(200);
    expect((await t.json(bareLinkIn(mails[0]!))).status).toBe(401);
    const ok = await t.json('/sign-in/email', { body: { email, password } });
    expect(ok.status).toBe(200);
  });

  it("uses the library user's sendVerificationEmail instead of the built-in mail", async () => {
    const mails: Mail[] = [];
    const custom: { user: Record<string, unknown>; url: string; token: string }[] = [];
    t = await clients.open({
      email: { send: async (m) => void mails.push(m) },
      emailVerification: { sendOnSignUp: true, sendVerificationEmail: async (d) => void custom.push(d) },
    });
    const { email } = await t.signUp();
    expect(mails).toHaveLength(0);
    expect(custom).toHaveLength(1);
    expect(custom[0]!.user.email).toBe(email);
    expect(custom[0]!.url).toContain(`token=${custom[0]!.token}`);
    // The URL handed over names `/` (better-auth's default), so following it leads to a page.
    expect(custom[0]!.url).toContain('&callbackURL=%2F');
    expect((await t.request(custom[0]!.url)).headers.get('location')).toBe('/');
  });

  it('publishes auth.extensions.emailVerification', async () => {
    await setup();
    const ctx = await t.auth.context();
    expect(typeof (ctx.extensions.emailVerification as { sendVerification: unknown }).sendVerification).toBe('function');
  });
});
