import { type TOTP, URI } from 'otpauth';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { type TestClient, useTestClients } from '../../test-kit.js';
import { authorizationRequest, browser, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();
const PASSWORD = 'correct horse battery';

/**
 * A provider whose clock is the real one (oidc-provider judges `max_age` and `auth_time` by
 * it), a person signed up `age` seconds ago, a first-party app and its relying party.
 */
async function setUp(age = 0) {
  const t = await clients.open({ oidcProvider: { enabled: true } });
  t.clock.ms = Date.now() - age * 1000;
  const { email } = await t.signUp({ name: 'Ada' });
  t.clock.ms = Date.now();
  const app = await registerApp(t, { firstParty: true });
  const rp = await relyingParty(t, app.clientId, app.clientSecret);
  return { t, email, rp };
}

/** Follows an authorization request; answers where the browser ends: the sign-in page or the app's callback. */
async function authorize(t: TestClient, rp: client.Configuration, params: Record<string, string> = {}) {
  const req = await authorizationRequest(rp, params);
  return { ...req, at: new URL(await browser(t).follow(req.url)) };
}

/** On the sign-in page: signs in with the password (a new session) and follows back to the interaction. */
async function signInAgain(t: TestClient, email: string, at: URL): Promise<URL> {
  t.clock.ms = Date.now();
  expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD } })).status).toBe(200);
  return new URL(await browser(t).follow(at.searchParams.get('redirect')!));
}

async function exchange(rp: client.Configuration, r: Awaited<ReturnType<typeof authorize>>, callback = r.at) {
  return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: r.verifier, expectedState: r.state, expectedNonce: r.nonce });
}

describe('oidcProvider: prompt=login and max_age', () => {
  it('prompt=login sends a signed-in person to the sign-in page; signed in again, the app gets a code with the new auth_time', async () => {
    const { t, email, rp } = await setUp(30);
    const r = await authorize(t, rp, { prompt: 'login' });
    expect(r.at.pathname).toBe('/sign-in');
    expect(r.at.searchParams.get('reauth')).toBe('1');
    const back = await signInAgain(t, email, r.at);
    expect(back.searchParams.get('code')).toBeTruthy();
    const tokens = await exchange(rp, r, back);
    expect(tokens.claims()!.auth_time).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
  });

  it('max_age older than the sign-in asks for a sign-in again; max_age that covers it does not', async () => {
    const { t, email, rp } = await setUp(120);
    const covered = await authorize(t, rp, { max_age: '600' });
    expect(covered.at.searchParams.get('code')).toBeTruthy();
    expect((await exchange(rp, covered)).claims()!.auth_time).toBeLessThan(Math.floor(Date.now() / 1000) - 100);

    const stale = await authorize(t, rp, { max_age: '60' });
    expect(stale.at.pathname).toBe('/sign-in');
    expect(stale.at.searchParams.get('reauth')).toBe('1');
    const back = await signInAgain(t, email, stale.at);
    const tokens = await exchange(rp, stale, back);
    expect(tokens.claims()!.auth_time).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
  });
});

describe('oidcProvider: acr', () => {
  it('publishes the acr values; a password sign-in is urn:gatehouse:sfa (amr pwd)', async () => {
    const { t, email, rp } = await setUp();
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD } })).status).toBe(200);
    expect(rp.serverMetadata().acr_values_supported).toEqual(['urn:gatehouse:sfa', 'urn:gatehouse:mfa']);
    const r = await authorize(t, rp, { acr_values: 'urn:gatehouse:mfa urn:gatehouse:sfa' });
    const claims = (await exchange(rp, r)).claims()!;
    expect(claims.acr).toBe('urn:gatehouse:sfa');
    expect(claims.amr).toEqual(['pwd']);
    // Not asked for: told all the same.
    expect((await exchange(rp, await authorize(t, rp))).claims()).toMatchObject({ acr: 'urn:gatehouse:sfa', amr: ['pwd'] });
  });

  it('a sign-in with a second factor is urn:gatehouse:mfa; an essential mfa is refused to a single-factor sign-in', async () => {
    const { t, email, rp } = await setUp();
    const enable = await t.json<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { body: { password: PASSWORD } });
    const totp = URI.parse(enable.data.totpURI) as TOTP;
    expect((await t.json('/two-factor/verify-totp', { body: { code: totp.generate({ timestamp: t.clock.ms }) } })).status).toBe(200);

    // A single-factor session (from before two-factor was on) cannot meet an essential mfa.
    const essential = JSON.stringify({ id_token: { acr: { essential: true, value: 'urn:gatehouse:mfa' } } });
    const refused = await authorize(t, rp, { claims: essential });
    expect(refused.at.searchParams.get('error')).toBe('unmet_authentication_requirements');

    // Signed in again with password and a backup code: mfa, and the essential request is met.
    await t.json('/sign-out', { body: {} });
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD } })).data).toMatchObject({ twoFactorRedirect: true });
    expect((await t.json('/two-factor/verify-backup-code', { body: { code: enable.data.backupCodes[0] } })).status).toBe(200);
    const r = await authorize(t, rp, { claims: essential });
    const claims = (await exchange(rp, r)).claims()!;
    expect(claims.acr).toBe('urn:gatehouse:mfa');
    expect(claims.amr).toEqual(['mfa']);
  });
});
