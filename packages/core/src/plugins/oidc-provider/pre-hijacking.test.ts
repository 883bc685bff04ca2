import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestClients } from '../../test-kit.js';
import { codeFor, registerApp, relyingParty } from './test-kit.js';

/**
 * Account pre-hijacking and the OpenID provider (issue 35; security/adoption.ts): an app the
 * squatter consented to while the address was unproven loses its consent and its refresh token
 * when the address's owner proves the mailbox (here by an email code).
 */
const clients = useTestClients();

describe('an adopted account shares itself with no application', () => {
  it("the squatter's consent and refresh token die; a verified account's stay", async () => {
    const { t, mails } = await clients.openWithMail({ oidcProvider: { enabled: true }, emailOTP: { enabled: true } });
    const signInByCode = async (email: string) => {
      await t.json('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, jar: null });
      const code = mails
        .filter((m) => m.to === email)
        .at(-1)!
        .text.split('\n')
        .find((l) => /^\d{6}$/.test(l))!;
      return t.json('/sign-in/email-otp', { body: { email, otp: code }, jar: t.newJar() });
    };
    const consented = async (email: string) => {
      await t.signUp({ email }, t.jar);
      const app = await registerApp(t, { name: `App of ${email}` });
      const rp = await relyingParty(t, app.clientId, app.clientSecret);
      const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid offline_access', prompt: 'consent' });
      const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      expect(tokens.refresh_token).toBeTruthy();
      return { rp, refresh: tokens.refresh_token! };
    };
    const ctx = await t.auth.context();
    const consentsOf = (email: string) =>
      ctx.adapter
        .findOne<{ id: string }>('user', [{ field: 'email', value: email }])
        .then((u) => ctx.adapter.findMany('oauthConsent', { where: [{ field: 'userId', value: u!.id }] }));

    const squatted = uniqueEmail('victim');
    const squatter = await consented(squatted);
    expect(await consentsOf(squatted)).toHaveLength(1);
    expect((await signInByCode(squatted)).status).toBe(200);
    expect(await consentsOf(squatted)).toEqual([]);
    await expect(client.refreshTokenGrant(squatter.rp, squatter.refresh)).rejects.toMatchObject({ error: 'invalid_grant' });

    t.jar.cookies.clear();
    const owned = uniqueEmail('owner');
    const owner = await consented(owned);
    await ctx.adapter.update('user', [{ field: 'email', value: owned }], { emailVerified: true });
    expect((await signInByCode(owned)).status).toBe(200);
    expect(await consentsOf(owned)).toHaveLength(1);
    expect((await client.refreshTokenGrant(owner.rp, owner.refresh)).access_token).toBeTruthy();
  });
});
