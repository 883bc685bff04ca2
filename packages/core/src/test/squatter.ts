/**
 * The account pre-hijacking tests' kit (security/adoption.ts): a squatter signs up with the
 * victim's address and a password of theirs, keeps the session, and sets up every other way in
 * the instance offers (an API key, a passkey, a TOTP second factor) before the victim proves
 * the mailbox. `expectSquatterOut` then checks that none of it works any more.
 */
import { type TOTP, URI } from 'otpauth';
import { expect } from 'vitest';
import type { GatehouseOptions } from '../plugins/index.js';
import { addPasskey, passkeySignIn, type SoftAuthenticator } from '../plugins/passkey/test-kit.js';
import { type CookieJar, type TestClient, uniqueEmail } from './harness.js';

export const SQUATTER_PASSWORD = 'the squatters own password';

/** Every plugin that stores a way in, on. */
export const WAYS_IN: GatehouseOptions = { apiKey: { enabled: true }, passkey: { enabled: true } };

export interface Squatter {
  email: string;
  userId: string;
  jar: CookieJar;
  apiKey: string;
  authenticator: SoftAuthenticator;
}

/**
 * Signs up as `email` (unverified) in a jar of its own and sets up a key, a passkey and TOTP
 * (`totp: false` leaves two-factor off, e.g. for a flow that would then ask for it).
 */
export async function squat(t: TestClient, opts: { email?: string; totp?: boolean } = {}): Promise<Squatter> {
  const email = opts.email ?? uniqueEmail('victim');
  const jar = t.newJar();
  const { data } = await t.signUp({ email, password: SQUATTER_PASSWORD }, jar);
  const userId = (data.user as { id: string; emailVerified: boolean }).id;
  expect((data.user as { emailVerified: boolean }).emailVerified).toBe(false);
  const key = await t.json<{ key: string }>('/api-key/create', { body: { name: 'mine' }, jar });
  expect(key.status).toBe(200);
  const passkey = await addPasskey(t, { jar });
  expect(passkey.status).toBe(200);
  if (opts.totp !== false) {
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: SQUATTER_PASSWORD }, jar });
    expect(enable.status).toBe(200);
    const otp = URI.parse(enable.data.totpURI) as TOTP;
    expect((await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar })).status).toBe(200);
    t.clock.advance(60);
  }
  return { email, userId, jar, apiKey: key.data.key, authenticator: passkey.authenticator };
}

/** The squatter's session, password, API key and passkey no longer get in; nothing of theirs is stored (the victim's own session and new password aside). */
export async function expectSquatterOut(t: TestClient, s: Squatter, opts: { passwordReset?: boolean } = {}): Promise<void> {
  expect((await t.json('/get-session', { jar: s.jar })).data).toBeNull();
  const password = await t.json('/sign-in/email', { body: { email: s.email, password: SQUATTER_PASSWORD }, jar: t.newJar() });
  expect(password.status).toBe(401);
  const key = await t.json('/get-session', { jar: null, headers: { 'x-api-key': s.apiKey } });
  expect(key.status).toBe(401);
  const passkey = await passkeySignIn(t, s.authenticator);
  expect(passkey.status).not.toBe(200);
  const ctx = await t.auth.context();
  const of = (model: string) => ctx.adapter.findMany(model, { where: [{ field: 'userId', value: s.userId }] });
  expect(await of('passkey')).toEqual([]);
  expect(await of('apikey')).toEqual([]);
  expect(await of('twoFactor')).toEqual([]);
  // No password, unless the victim has just set one (a reset by code).
  const passwords = await ctx.adapter.findMany('account', {
    where: [
      { field: 'userId', value: s.userId },
      { field: 'providerId', value: 'credential' },
    ],
  });
  expect(passwords.length).toBe(opts.passwordReset ? 1 : 0);
}

/** The audit's `account.adopted` of this user: what it says was removed. */
export async function adoptionAudit(t: TestClient, userId: string): Promise<Record<string, unknown>[]> {
  const ctx = await t.auth.context();
  const rows = await ctx.adapter.findMany<{ details: unknown }>('auditEvent', {
    where: [
      { field: 'type', value: 'account.adopted' },
      { field: 'userId', value: userId },
    ],
  });
  return rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>);
}
