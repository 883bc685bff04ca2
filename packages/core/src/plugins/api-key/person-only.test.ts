import { describe, expect, it } from 'vitest';
import { type TestClient, useTestClients } from '../../test-kit.js';
import { PASSKEY_ORIGIN as ORIGIN, SoftAuthenticator } from '../../test-kit.js';

/**
 * A key acts for a script, never as the person: with only `x-api-key`, every route that adds
 * or changes a way in (or the account's security) answers 403 API_KEY_NOT_ALLOWED, and what a
 * key is for (reading as its user) still works. Without the rule a key could register a
 * passkey that signs in without password or second factor and outlives the key.
 */

const PASSWORD = 'correct horse battery';
const REFUSED = { code: 'API_KEY_NOT_ALLOWED', message: 'This action needs a signed-in person; an API key cannot do it' };

const clients = useTestClients();

async function keyOwner(): Promise<{ t: TestClient; key: string; userId: string }> {
  const t = await clients.open({ apiKey: { enabled: true }, passkey: { enabled: true }, multiSession: { enabled: true } });
  const { data } = await t.signUp();
  const created = await t.json<{ key: string }>('/api-key/create', { body: { name: 'CI' } });
  expect(created.status).toBe(200);
  return { t, key: created.data.key, userId: (data.user as { id: string }).id };
}

/** A request with the key alone (no cookies). */
const withKey = (t: TestClient, key: string, path: string, body?: unknown) =>
  t.json<Record<string, unknown> | null>(path, { jar: null, headers: { 'x-api-key': key }, ...(body === undefined ? {} : { body }) });

describe('an API key cannot add or change a way in', () => {
  it('passkey registration is refused at both steps, and no passkey is stored', async () => {
    const { t, key, userId } = await keyOwner();
    const options = await withKey(t, key, '/passkey/generate-register-options');
    expect([options.status, options.data]).toEqual([403, REFUSED]);
    // A ceremony begun by the person's own session cannot be finished with the key either.
    const started = await t.json<Parameters<SoftAuthenticator['register']>[0]>('/passkey/generate-register-options');
    expect(started.status).toBe(200);
    const response = new SoftAuthenticator(ORIGIN).register(started.data);
    const verified = await withKey(t, key, '/passkey/verify-registration', { response });
    expect([verified.status, verified.data]).toEqual([403, REFUSED]);
    const ctx = await t.auth.context();
    expect(await ctx.adapter.findMany('passkey', { where: [{ field: 'userId', value: userId }] })).toEqual([]);
  });

  it.each([
    ['/api-key/create', { name: 'another' }],
    ['/api-key/update', { keyId: 'any', name: 'x' }],
    ['/api-key/delete', { keyId: 'any' }],
    ['/change-password', { currentPassword: PASSWORD, newPassword: 'another good password' }],
    ['/change-email', { newEmail: 'elsewhere@example.com' }],
    ['/two-factor/enable', { password: PASSWORD }],
    ['/two-factor/disable', { password: PASSWORD }],
    ['/two-factor/get-totp-uri', { password: PASSWORD }],
    ['/two-factor/generate-backup-codes', { password: PASSWORD }],
    ['/two-factor/verify-totp', { code: '123456' }],
    ['/link-social', { provider: 'github' }],
    ['/unlink-account', { providerId: 'credential' }],
    ['/revoke-session', { token: 'any' }],
    ['/revoke-sessions', {}],
    ['/revoke-other-sessions', {}],
    ['/multi-session/set-active', { sessionToken: 'any' }],
    ['/multi-session/revoke', { sessionToken: 'any' }],
    ['/delete-user', { password: PASSWORD }],
    ['/passkey/update-passkey', { id: 'any', name: 'x' }],
    ['/passkey/delete-passkey', { id: 'any' }],
  ])('%s answers 403 API_KEY_NOT_ALLOWED', async (path, body) => {
    const { t, key } = await keyOwner();
    const r = await withKey(t, key, path, body);
    expect([r.status, r.data]).toEqual([403, REFUSED]);
  });

  it('the refusal changes nothing: one key, the same password, the session kept, two-factor off', async () => {
    const { t, key, userId } = await keyOwner();
    await withKey(t, key, '/api-key/create', {});
    await withKey(t, key, '/change-password', { currentPassword: PASSWORD, newPassword: 'another good password', revokeOtherSessions: true });
    await withKey(t, key, '/two-factor/enable', { password: PASSWORD });
    await withKey(t, key, '/revoke-sessions', {});
    const ctx = await t.auth.context();
    expect(await ctx.adapter.findMany('apikey', {})).toHaveLength(1);
    expect(await ctx.adapter.findMany('twoFactor', { where: [{ field: 'userId', value: userId }] })).toEqual([]);
    expect((await t.json<{ user: { id: string } } | null>('/get-session')).data?.user.id).toBe(userId);
    const email = (await t.json<{ user: { email: string } }>('/get-session')).data.user.email;
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: t.newJar() })).status).toBe(200);
  });

  it("an admin's key cannot impersonate, nor set another user's password", async () => {
    const { t, key, userId } = await keyOwner();
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: userId }], { role: 'admin' });
    const { data } = await t.signUp({}, t.newJar());
    const other = (data.user as { id: string }).id;
    const impersonate = await withKey(t, key, '/admin/impersonate-user', { userId: other });
    expect([impersonate.status, impersonate.data]).toEqual([403, REFUSED]);
    const password = await withKey(t, key, '/admin/set-user-password', { userId: other, newPassword: 'another good password' });
    expect([password.status, password.data]).toEqual([403, REFUSED]);
    // The same admin signed in as a person may (the rule is about the key, not the role).
    expect((await t.json('/admin/impersonate-user', { body: { userId: other }, jar: t.jar })).status).toBe(200);
  });

  it('also through auth.api with the key header', async () => {
    const { t, key } = await keyOwner();
    await expect(t.auth.api.createApiKey({ headers: { 'x-api-key': key }, body: {} })).rejects.toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
  });

  it('answers in the asked language', async () => {
    const { t, key } = await keyOwner();
    const r = await t.json<{ code: string; message: string }>('/api-key/create', {
      jar: null,
      body: {},
      headers: { 'x-api-key': key, 'accept-language': 'de' },
    });
    expect(r.status).toBe(403);
    expect(r.data.code).toBe('API_KEY_NOT_ALLOWED');
    expect(r.data.message).toMatch(/API-Schlüssel/);
  });
});

describe('what a key is for still works', () => {
  it('reads as its user: get-session, list-sessions, the key list, the passkey list; update-user', async () => {
    const { t, key, userId } = await keyOwner();
    const s = await withKey(t, key, '/get-session');
    expect([s.status, (s.data as { user: { id: string } }).user.id]).toEqual([200, userId]);
    for (const path of ['/list-sessions', '/api-key/list', '/passkey/list-user-passkeys']) expect((await withKey(t, key, path)).status, path).toBe(200);
    expect((await withKey(t, key, '/update-user', { name: 'Ada L.' })).status).toBe(200);
  });

  it('the person signed in with a cookie is not affected: passkey registration options and key creation answer 200', async () => {
    const { t } = await keyOwner();
    expect((await t.json('/passkey/generate-register-options')).status).toBe(200);
    expect((await t.json('/api-key/create', { body: {} })).status).toBe(200);
  });
});
