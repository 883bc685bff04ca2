import { describe, expect, it } from 'vitest';
import {
  adoptionAudit,
  expectSquatterOut,
  type GatehouseOptions,
  linkIn,
  type Mail,
  squat,
  SQUATTER_PASSWORD,
  type TestClient,
  useTestClients,
  WAYS_IN,
} from '../../test-kit.js';
import { lastCode, sendOtp, signInOtp, withEmailOtp } from './test-kit.js';

/**
 * Account pre-hijacking through a sign-in code (issue 35; security/adoption.ts): a squatter
 * signs up with the victim's address and waits; the victim's code sign-in adopts the account,
 * and every way in the squatter set up meanwhile ends.
 */

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  ({ t, mails } = await clients.openWithMail(withEmailOtp({ ...WAYS_IN, ...options })));
}

async function victimSignsIn(email: string) {
  await sendOtp(t, email);
  const jar = t.newJar();
  const r = await signInOtp(t, email, lastCode(mails, email), jar);
  return { ...r, jar };
}

describe('a code sign-in adopts an unverified account', () => {
  it("ends the squatter's session, password, API key, passkey and second factor; the victim is signed in, verified", async () => {
    await setup();
    const s = await squat(t);
    // Before: the squatter is in, by cookie and by password.
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: s.jar })).data.user.id).toBe(s.userId);

    const victim = await victimSignsIn(s.email);
    // Not stopped at the squatter's second factor: it is gone with the rest.
    expect(victim.status).toBe(200);
    expect(victim.data).toMatchObject({ user: { id: s.userId, email: s.email, emailVerified: true, twoFactorEnabled: false } });
    const session = await t.json<{ user: { emailVerified: boolean } }>('/get-session', { jar: victim.jar });
    expect(session.data.user.emailVerified).toBe(true);

    await expectSquatterOut(t, s);
    // Only the victim's own session is left.
    const ctx = await t.auth.context();
    expect(await ctx.adapter.findMany('session', { where: [{ field: 'userId', value: s.userId }] })).toHaveLength(1);
    expect((await t.json('/get-session', { jar: victim.jar })).status).toBe(200);
    expect(await adoptionAudit(t, s.userId)).toEqual([{ method: 'email-otp', removed: { sessions: 1, passwords: 1, passkeys: 1, apiKeys: 1, twoFactor: 1 } }]);
  });

  it('the victim may set a password again through the reset, and the squatter’s old one stays dead', async () => {
    await setup();
    const s = await squat(t, { totp: false });
    await victimSignsIn(s.email);
    // No password until the victim sets one.
    expect((await t.json('/sign-in/email', { body: { email: s.email, password: SQUATTER_PASSWORD }, jar: t.newJar() })).status).toBe(401);
    const asked = await t.json('/request-password-reset', { body: { email: s.email, redirectTo: '/reset' }, jar: null });
    expect(asked.status).toBe(200);
    const token = /\/reset-password\/([A-Za-z0-9]+)/.exec(linkIn(mails.filter((m) => m.to === s.email).at(-1)!))?.[1];
    expect(token).toHaveLength(24);
    expect((await t.json('/reset-password', { body: { token, newPassword: 'the victims new password' }, jar: null })).status).toBe(200);
    expect((await t.json('/sign-in/email', { body: { email: s.email, password: 'the victims new password' }, jar: t.newJar() })).status).toBe(200);
    expect((await t.json('/sign-in/email', { body: { email: s.email, password: SQUATTER_PASSWORD }, jar: t.newJar() })).status).toBe(401);
  });

  it('a password reset by code adopts too: the squatter is out, the new password signs in', async () => {
    await setup();
    const s = await squat(t);
    await sendOtp(t, s.email, 'forget-password');
    const reset = await t.json('/email-otp/reset-password', {
      body: { email: s.email, otp: lastCode(mails, s.email), password: 'the victims new password' },
      jar: null,
    });
    expect(reset).toMatchObject({ status: 200, data: { success: true } });
    await expectSquatterOut(t, s, { passwordReset: true });
    const signIn = await t.json<{ user: { emailVerified: boolean } }>('/sign-in/email', {
      body: { email: s.email, password: 'the victims new password' },
      jar: t.newJar(),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.data.user.emailVerified).toBe(true);
    expect(await adoptionAudit(t, s.userId)).toEqual([{ method: 'email-otp', removed: { sessions: 1, passwords: 1, passkeys: 1, apiKeys: 1, twoFactor: 1 } }]);
  });

  it('with secondary storage, the squatter’s session is gone from it too', async () => {
    const store = new Map<string, string>();
    await setup({
      secondaryStorage: {
        get: async (k: string) => store.get(k) ?? null,
        set: async (k: string, v: string) => void store.set(k, v),
        delete: async (k: string) => void store.delete(k),
      },
    } as GatehouseOptions);
    const s = await squat(t, { totp: false });
    expect((await t.json('/get-session', { jar: s.jar })).status).toBe(200);
    expect((await victimSignsIn(s.email)).status).toBe(200);
    expect((await t.json('/get-session', { jar: s.jar })).data).toBeNull();
  });
});

describe('a verified account is never adopted', () => {
  it('keeps its password, sessions, key and passkey; no account.adopted', async () => {
    await setup();
    const s = await squat(t, { totp: false });
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: s.userId }], { emailVerified: true });
    expect((await victimSignsIn(s.email)).status).toBe(200);
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: s.jar })).data.user.id).toBe(s.userId);
    expect((await t.json('/sign-in/email', { body: { email: s.email, password: SQUATTER_PASSWORD }, jar: t.newJar() })).status).toBe(200);
    expect(await ctx.adapter.findMany('passkey', { where: [{ field: 'userId', value: s.userId }] })).toHaveLength(1);
    expect(await ctx.adapter.findMany('apikey', { where: [{ field: 'userId', value: s.userId }] })).toHaveLength(1);
    expect(await adoptionAudit(t, s.userId)).toEqual([]);
  });

  it('one code sent twice at once: one sign-in adopts, and only once', async () => {
    await setup();
    const s = await squat(t, { totp: false });
    await sendOtp(t, s.email);
    const code = lastCode(mails, s.email);
    const [a, b] = await Promise.all([signInOtp(t, s.email, code, t.newJar()), signInOtp(t, s.email, code, t.newJar())]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(await adoptionAudit(t, s.userId)).toHaveLength(1);
    await expectSquatterOut(t, s);
  });
});
