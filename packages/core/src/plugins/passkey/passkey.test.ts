import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../test-kit.js';
import type { PublicKeyCredentialCreationOptionsJSON as RegOptions, PublicKeyCredentialRequestOptionsJSON as AuthOptions } from '@simplewebauthn/server';
import type { Passkey } from './store.js';
import { addPasskey, ORIGIN, passkeyClient, passkeySignIn, SoftAuthenticator } from './test-kit.js';

let t: TestClient;
afterEach(async () => t?.auth.close());

const auditTypes = async (type: string) => {
  const ctx = await t.auth.context();
  return ctx.adapter.findMany<{ userId: string; details: Record<string, unknown> }>('auditEvent', { where: [{ field: 'type', value: type }] });
};

describe('passkeys: off unless configured', () => {
  it('has no routes and says so in /providers when not enabled', async () => {
    t = await createTestClient();
    await t.signUp();
    expect((await t.json('/passkey/list-user-passkeys')).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.passkey).toBe(false);
  });
});

describe('passkeys: register', () => {
  it('gives options for a discoverable credential with user verification, RP from the base URL', async () => {
    t = await passkeyClient();
    const { email } = await t.signUp({ name: 'Ada' });
    const r = await t.json<RegOptions>('/passkey/generate-register-options?name=Laptop&authenticatorAttachment=platform');
    expect(r.status).toBe(200);
    expect(r.data.rp).toEqual({ name: 'Gatehouse', id: 'localhost' });
    expect(r.data.user).toMatchObject({ name: email, displayName: 'Ada' });
    expect(r.data.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required', authenticatorAttachment: 'platform' });
    expect(r.data.attestation).toBe('none');
    expect(typeof r.data.challenge).toBe('string');
    expect(r.response.headers.getSetCookie().join()).toMatch(/\.passkey=[^;]+;.*HttpOnly/);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.passkey).toBe(true);
  });

  it('verifies the attestation and keeps the credential, named by the options or the body', async () => {
    t = await passkeyClient();
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const r = await addPasskey(t, { name: 'My phone' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      userId,
      name: 'My phone',
      credentialID: r.authenticator.id,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
      aaguid: '00000000-0000-0000-0000-000000000000',
    });
    expect(typeof r.data.publicKey).toBe('string');
    expect(r.data.lastUsedAt).toBeNull();
    expect(await auditTypes('passkey.register')).toMatchObject([{ userId }]);
    // The options' ?name= is used when the body names none.
    const opts = await t.json<RegOptions>('/passkey/generate-register-options?name=Office%20key');
    const other = new SoftAuthenticator(ORIGIN);
    const second = await t.json('/passkey/verify-registration', { body: { response: other.register(opts.data) } });
    expect(second).toMatchObject({ status: 200, data: { name: 'Office key' } });
    // The registered ones are excluded from the next options.
    const next = await t.json<RegOptions>('/passkey/generate-register-options');
    expect(next.data.excludeCredentials!.map((c: { id: string }) => c.id).sort()).toEqual([r.authenticator.id, other.id].sort());
  });

  it('refuses the same credential twice', async () => {
    t = await passkeyClient();
    await t.signUp();
    const first = await addPasskey(t);
    const again = await addPasskey(t, { authenticator: first.authenticator });
    expect(again).toMatchObject({ status: 400, data: { code: 'PASSKEY_ALREADY_REGISTERED' } });
  });

  it('refuses a response body that is not a credential, by field', async () => {
    t = await passkeyClient();
    await t.signUp();
    await t.json('/passkey/generate-register-options');
    const r = await t.json<{ code: string; issues: { field: string }[] }>('/passkey/verify-registration', { body: { response: { id: 'x' } } });
    expect(r.status).toBe(400);
    expect(r.data.code).toBe('VALIDATION_ERROR');
    expect(r.data.issues.map((i) => i.field)).toContain('response.rawId');
  });
});

describe('passkeys: sign in', () => {
  it('signs in with the passkey alone (usernameless), sets a session and audits it', async () => {
    t = await passkeyClient();
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const { authenticator } = await addPasskey(t);
    const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar: t.newJar() });
    expect(options.data).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    const r = await passkeySignIn(t, authenticator);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ user: { id: userId } });
    expect(typeof r.data.token).toBe('string');
    const session = await t.json<{ user: { id: string }; session: unknown }>('/get-session', { jar: r.jar });
    expect(session.data.user.id).toBe(userId);
    // { session, user } as @better-auth/passkey 1.7 answers, the session as get-session shows it; token kept.
    expect(Object.keys(r.data).sort()).toEqual(['session', 'token', 'user']);
    expect(JSON.parse(JSON.stringify(r.data.session))).toEqual(session.data.session);
    expect(r.data.session).toMatchObject({ userId, token: r.data.token });
    const signIns = await auditTypes('sign-in.success');
    expect(signIns.at(-1)).toMatchObject({ userId, details: { method: 'passkey' } });
    // The counter moved forward and is kept.
    const list = await t.json<Passkey[]>('/passkey/list-user-passkeys', { jar: r.jar });
    expect(list.data[0].counter).toBe(1);
  });

  it('keeps when each passkey was last used', async () => {
    t = await passkeyClient();
    await t.signUp();
    const used = await addPasskey(t, { name: 'Used' });
    t.clock.advance(1); // listed oldest first
    await addPasskey(t, { name: 'Idle' });
    const signedInAt = t.clock.ms;
    expect((await passkeySignIn(t, used.authenticator)).status).toBe(200);
    t.clock.advance(3600);
    // A refused assertion does not count as a use.
    expect((await passkeySignIn(t, used.authenticator, { overrides: { origin: 'https://evil.example' } })).status).toBe(401);
    const list = await t.json<Passkey[]>('/passkey/list-user-passkeys');
    expect(list.data.map((p) => [p.name, p.lastUsedAt])).toEqual([
      ['Used', new Date(signedInAt).toISOString()],
      ['Idle', null],
    ]);
    const renamed = await t.json<{ passkey: Passkey }>('/passkey/update-passkey', { body: { id: used.data.id, name: 'Still used' } });
    expect(renamed.data.passkey.lastUsedAt).toBe(new Date(signedInAt).toISOString());
  });

  it('upgrades a database of the first release: lastUsedAt is added, empty, and then kept', async () => {
    t = await passkeyClient();
    await t.signUp();
    const { authenticator } = await addPasskey(t, { name: 'Old' });
    const ctx = await t.auth.context();
    await ctx.database.db.schema.alterTable('passkey').dropColumn('lastUsedAt').execute();
    const steps = await t.auth.migrate();
    expect(steps.map((s) => `${s.kind} ${s.table}.${s.column}`)).toEqual(['add-column passkey.lastUsedAt']);
    expect((await t.json<Passkey[]>('/passkey/list-user-passkeys')).data).toMatchObject([{ name: 'Old', lastUsedAt: null }]);
    expect((await passkeySignIn(t, authenticator)).status).toBe(200);
    expect((await t.json<Passkey[]>('/passkey/list-user-passkeys')).data[0].lastUsedAt).toBe(new Date(t.clock.ms).toISOString());
  });

  it('counts as both factors: a two-factor user is not asked for a code', async () => {
    t = await passkeyClient();
    const { data } = await t.signUp();
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: (data.user as { id: string }).id }], { twoFactorEnabled: true });
    const { authenticator } = await addPasskey(t);
    const r = await passkeySignIn(t, authenticator);
    expect(r.status).toBe(200);
    expect(r.data.twoFactorRedirect).toBeUndefined();
    expect(typeof r.data.token).toBe('string');
  });

  it('refuses a banned user like any sign-in', async () => {
    t = await passkeyClient();
    const { data } = await t.signUp();
    const { authenticator } = await addPasskey(t);
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: (data.user as { id: string }).id }], { banned: true });
    const r = await passkeySignIn(t, authenticator);
    expect(r).toMatchObject({ status: 403, data: { code: 'BANNED_USER' } });
    expect(r.response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
  });

  it('refuses an unknown credential', async () => {
    t = await passkeyClient();
    const r = await passkeySignIn(t, new SoftAuthenticator(ORIGIN));
    expect(r).toMatchObject({ status: 401, data: { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' } });
  });

  it('locks the passkey sign-in after repeated failures', async () => {
    t = await passkeyClient({ lockout: { maxAttempts: 3 } });
    await t.signUp();
    const { authenticator } = await addPasskey(t);
    for (let i = 0; i < 3; i++) {
      const bad = await passkeySignIn(t, authenticator, { overrides: { origin: 'https://evil.example' } });
      expect(bad.status).toBe(401);
    }
    const locked = await passkeySignIn(t, authenticator);
    expect(locked).toMatchObject({ status: 429, data: { code: 'TOO_MANY_FAILED_ATTEMPTS' } });
  });
});

describe('passkeys: list, rename, delete', () => {
  it('lists only the caller’s passkeys, renames and deletes them', async () => {
    t = await passkeyClient();
    await t.signUp();
    const a = await addPasskey(t, { name: 'A' });
    t.clock.advance(1); // listed oldest first
    await addPasskey(t, { name: 'B' });
    const other = t.newJar();
    await t.signUp({}, other);
    const theirs = await addPasskey(t, { jar: other, name: 'Theirs' });

    const list = await t.json<Passkey[]>('/passkey/list-user-passkeys');
    expect(list.data.map((p) => p.name)).toEqual(['A', 'B']);
    expect(typeof list.data[0].createdAt).toBe('string');

    const renamed = await t.json<{ passkey: Passkey }>('/passkey/update-passkey', { body: { id: a.data.id, name: '  Laptop  ' } });
    expect(renamed).toMatchObject({ status: 200, data: { passkey: { id: a.data.id, name: 'Laptop' } } });
    expect((await t.json('/passkey/update-passkey', { body: { id: a.data.id, name: '' } })).status).toBe(400);
    // Another user's passkey is as absent as a missing one.
    expect(await t.json('/passkey/update-passkey', { body: { id: theirs.data.id, name: 'Mine now' } })).toMatchObject({
      status: 404,
      data: { code: 'PASSKEY_NOT_FOUND' },
    });
    expect((await t.json('/passkey/delete-passkey', { body: { id: theirs.data.id } })).status).toBe(404);

    expect(await t.json('/passkey/delete-passkey', { body: { id: a.data.id } })).toMatchObject({ status: 200, data: { status: true } });
    expect((await t.json<Passkey[]>('/passkey/list-user-passkeys')).data.map((p) => p.name)).toEqual(['B']);
    expect(await auditTypes('passkey.rename')).toHaveLength(1);
    expect(await auditTypes('passkey.delete')).toHaveLength(1);
    // A deleted passkey signs no one in.
    expect((await passkeySignIn(t, a.authenticator)).status).toBe(401);
  });

  it('keeps the last passkey of a user who has no password and no social account', async () => {
    t = await passkeyClient();
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const p = await addPasskey(t);
    const ctx = await t.auth.context();
    await ctx.adapter.delete('account', [{ field: 'userId', value: userId }]);
    const r = await t.json('/passkey/delete-passkey', { body: { id: p.data.id } });
    expect(r).toMatchObject({ status: 400, data: { code: 'CANNOT_DELETE_LAST_PASSKEY' } });
    expect(await ctx.adapter.count('passkey', [{ field: 'userId', value: userId }])).toBe(1);
    // With a second passkey, one of them may go.
    const q = await addPasskey(t);
    expect((await t.json('/passkey/delete-passkey', { body: { id: q.data.id } })).status).toBe(200);
  });

  it('needs a session for every management route', async () => {
    t = await passkeyClient();
    const jar = t.newJar();
    expect((await t.json('/passkey/list-user-passkeys', { jar })).status).toBe(401);
    expect((await t.json('/passkey/update-passkey', { jar, body: { id: 'x', name: 'y' } })).status).toBe(401);
    expect((await t.json('/passkey/delete-passkey', { jar, body: { id: 'x' } })).status).toBe(401);
  });
});
