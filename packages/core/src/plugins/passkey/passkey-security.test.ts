import { afterEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test-kit.js';
import type { PublicKeyCredentialCreationOptionsJSON as RegOptions, PublicKeyCredentialRequestOptionsJSON as AuthOptions } from '@simplewebauthn/server';
import type { Passkey } from './store.js';
import { addPasskey, ORIGIN, passkeyClient, passkeySignIn, SoftAuthenticator } from './test-kit.js';

let t: TestClient;
afterEach(async () => t?.auth.close());

async function sessionsOf(userId: string) {
  const ctx = await t.auth.context();
  return ctx.adapter.count('session', [{ field: 'userId', value: userId }]);
}

async function registered() {
  const { data } = await t.signUp();
  const userId = (data.user as { id: string }).id;
  const { authenticator } = await addPasskey(t);
  return { userId, authenticator, before: await sessionsOf(userId) };
}

describe('passkeys: security', () => {
  it('refuses a replayed assertion: the challenge is used up by the first', async () => {
    t = await passkeyClient();
    const { userId, authenticator, before } = await registered();
    const first = await passkeySignIn(t, authenticator);
    expect(first.status).toBe(200);
    // The same assertion again, from the same browser (its challenge cookie was cleared: put it back).
    const jar = t.newJar();
    const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar });
    const fresh = authenticator.authenticate(options.data);
    expect((await t.json('/passkey/verify-authentication', { jar, body: { response: fresh } })).status).toBe(200);
    const replay = await t.json('/passkey/verify-authentication', { jar, body: { response: fresh } });
    expect(replay).toMatchObject({ status: 400, data: { code: 'CHALLENGE_NOT_FOUND' } });
    // Replayed under a new challenge of the same browser: signed over the old one, refused.
    await t.json('/passkey/generate-authenticate-options', { jar });
    const again = await t.json('/passkey/verify-authentication', { jar, body: { response: fresh } });
    expect(again).toMatchObject({ status: 401, data: { code: 'AUTHENTICATION_FAILED' } });
    expect(await sessionsOf(userId)).toBe(before + 2);
  });

  it("refuses an assertion made for another browser's challenge", async () => {
    t = await passkeyClient();
    const { userId, authenticator, before } = await registered();
    const victim = t.newJar();
    const attacker = t.newJar();
    const victimOptions = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar: victim });
    await t.json('/passkey/generate-authenticate-options', { jar: attacker });
    const stolen = authenticator.authenticate(victimOptions.data);
    const r = await t.json('/passkey/verify-authentication', { jar: attacker, body: { response: stolen } });
    expect(r).toMatchObject({ status: 401, data: { code: 'AUTHENTICATION_FAILED' } });
    // Without any challenge cookie at all.
    const none = await t.json('/passkey/verify-authentication', { jar: t.newJar(), body: { response: stolen } });
    expect(none).toMatchObject({ status: 400, data: { code: 'CHALLENGE_NOT_FOUND' } });
    expect(await sessionsOf(userId)).toBe(before);
  });

  it('refuses a challenge past its 5 minutes', async () => {
    t = await passkeyClient();
    const { authenticator } = await registered();
    const jar = t.newJar();
    const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar });
    t.clock.advance(301);
    const r = await t.json('/passkey/verify-authentication', { jar, body: { response: authenticator.authenticate(options.data) } });
    expect(r).toMatchObject({ status: 400, data: { code: 'CHALLENGE_NOT_FOUND' } });
  });

  it('refuses a wrong origin and a wrong RP id, at sign-in and at registration', async () => {
    t = await passkeyClient();
    const { userId, authenticator, before } = await registered();
    expect((await passkeySignIn(t, authenticator, { overrides: { origin: 'https://evil.example' } })).status).toBe(401);
    expect((await passkeySignIn(t, authenticator, { overrides: { rpId: 'evil.example' } })).status).toBe(401);
    expect(await sessionsOf(userId)).toBe(before);
    const wrongOrigin = await addPasskey(t, { overrides: { origin: 'https://evil.example' } });
    expect(wrongOrigin).toMatchObject({ status: 400, data: { code: 'FAILED_TO_VERIFY_REGISTRATION' } });
    const wrongRp = await addPasskey(t, { overrides: { rpId: 'evil.example' } });
    expect(wrongRp).toMatchObject({ status: 400, data: { code: 'FAILED_TO_VERIFY_REGISTRATION' } });
    expect((await t.json<Passkey[]>('/passkey/list-user-passkeys')).data).toHaveLength(1);
  });

  it('accepts the origins and RP id set in the options, and only those', async () => {
    t = await passkeyClient({ passkey: { enabled: true, rpID: 'example.com', origin: ['https://app.example.com', 'https://example.com'] } });
    await t.signUp();
    const a = new SoftAuthenticator('https://app.example.com');
    const added = await addPasskey(t, { authenticator: a });
    expect(added.status).toBe(200);
    expect(added.options).toMatchObject({ rp: { id: 'example.com' } });
    expect((await passkeySignIn(t, a, { overrides: { origin: 'https://example.com' } })).status).toBe(200);
    expect((await passkeySignIn(t, a, { overrides: { origin: ORIGIN } })).status).toBe(401);
  });

  it('requires user verification', async () => {
    t = await passkeyClient();
    await t.signUp();
    expect((await addPasskey(t, { overrides: { noUserVerification: true } })).status).toBe(400);
    const { authenticator } = await addPasskey(t);
    expect((await passkeySignIn(t, authenticator, { overrides: { noUserVerification: true } })).status).toBe(401);
  });

  it('refuses and audits a signature counter that goes backwards (a cloned authenticator)', async () => {
    t = await passkeyClient();
    const { userId, authenticator } = await registered();
    expect((await passkeySignIn(t, authenticator, { overrides: { counter: 5 } })).status).toBe(200);
    const rollback = await passkeySignIn(t, authenticator, { overrides: { counter: 3 } });
    expect(rollback).toMatchObject({ status: 401, data: { code: 'AUTHENTICATION_FAILED' } });
    const same = await passkeySignIn(t, authenticator, { overrides: { counter: 5 } });
    expect(same.status).toBe(401);
    const ctx = await t.auth.context();
    const events = await ctx.adapter.findMany<{ userId: string; details: Record<string, unknown> }>('auditEvent', {
      where: [{ field: 'type', value: 'passkey.counter-rollback' }],
    });
    // Both refusals audited (the events share the frozen test clock: compared in no particular order).
    expect(events.map((e) => `${e.details.stored}->${e.details.received}`).sort()).toEqual(['5->3', '5->5']);
    expect(events[0]!.userId).toBe(userId);
    expect((await ctx.adapter.findOne<{ counter: number }>('passkey', [{ field: 'userId', value: userId }]))!.counter).toBe(5);
    // A forged assertion (not signed by the key) with a low counter is refused without a rollback event.
    const forged = new SoftAuthenticator(ORIGIN);
    Object.assign(forged, { credentialId: authenticator.credentialId, userHandle: authenticator.userHandle });
    expect((await passkeySignIn(t, forged, { overrides: { counter: 1 } })).status).toBe(401);
    expect(await ctx.adapter.count('auditEvent', [{ field: 'type', value: 'passkey.counter-rollback' }])).toBe(2);
  });

  it('refuses registration while signed out, and with a challenge of another user', async () => {
    t = await passkeyClient();
    const out = t.newJar();
    expect(await t.json('/passkey/generate-register-options', { jar: out })).toMatchObject({ status: 401, data: { code: 'UNAUTHORIZED' } });
    const a = new SoftAuthenticator(ORIGIN);
    expect((await t.json('/passkey/verify-registration', { jar: out, body: { response: a.register({ challenge: 'x' }) } })).status).toBe(401);

    // Alice's registration options, answered while Bob is signed in in the same browser: refused.
    const jar = t.newJar();
    await t.signUp({}, jar);
    const options = await t.json<RegOptions>('/passkey/generate-register-options', { jar });
    const bob = t.newJar();
    await t.signUp({}, bob);
    bob.cookies.set(
      [...jar.cookies.keys()].find((k) => k.endsWith('.passkey'))!,
      jar.cookies.get([...jar.cookies.keys()].find((k) => k.endsWith('.passkey'))!)!,
    );
    const r = await t.json('/passkey/verify-registration', { jar: bob, body: { response: a.register(options.data) } });
    expect(r).toMatchObject({ status: 401, data: { code: 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY' } });
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('passkey')).toBe(0);
  });

  it('refuses an assertion whose user handle names someone else', async () => {
    t = await passkeyClient();
    const { authenticator } = await registered();
    authenticator.userHandle = Buffer.from('someone-else').toString('base64url');
    expect((await passkeySignIn(t, authenticator)).status).toBe(401);
  });

  it('keeps one challenge per browser and sweeps expired ones, so page loads do not fill the table', async () => {
    t = await passkeyClient();
    const ctx = await t.auth.context();
    const challenges = () => ctx.adapter.count('verification', [{ field: 'identifier', value: 'passkey-challenge:', operator: 'starts_with' }]);
    const jar = t.newJar();
    for (let i = 0; i < 3; i++) await t.json('/passkey/generate-authenticate-options', { jar });
    expect(await challenges()).toBe(1);
    for (let i = 0; i < 3; i++) await t.json('/passkey/generate-authenticate-options', { jar: t.newJar() });
    expect(await challenges()).toBe(4);
    t.clock.advance(301);
    await t.json('/passkey/generate-authenticate-options', { jar: t.newJar() });
    expect(await challenges()).toBe(1);
  });
});
