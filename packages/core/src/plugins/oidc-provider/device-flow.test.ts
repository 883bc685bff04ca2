import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { browser, ISSUER, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();
const open = (options: Record<string, unknown> = {}, rateLimit = false) =>
  clients.open({ oidcProvider: { enabled: true, deviceFlow: true, devicePollInterval: 1, ...options }, rateLimit: { enabled: rateLimit } });

/** A CLI: a public application allowed the device grant, its openid-client configuration moving the clock a poll's wait at each token request. */
async function cli(t: Awaited<ReturnType<typeof open>>) {
  const app = await registerApp(t, { name: 'Terminal', redirectURIs: [], public: true, settings: { deviceFlow: true } });
  const rp = await relyingParty(t, app.clientId, undefined, (request) => {
    if (request.url.endsWith('/oidc/token')) t.clock.advance(1);
  });
  return { app, rp };
}

/** The person's browser: types the code at /device, follows the provider to the consent page, consents; answers where it lands. */
async function approve(t: Awaited<ReturnType<typeof open>>, userCode: string) {
  const checked = await t.json<{ redirect: string; application: string }>('/oauth2/device/verify', { body: { userCode } });
  expect(checked.status).toBe(200);
  const b = browser(t);
  const consent = new URL(await b.follow(checked.data.redirect));
  expect(consent.pathname).toBe('/oauth/consent');
  const r = await t.json<{ redirect: string }>(`/oauth2/interaction/${consent.searchParams.get('uid')}/consent`, { body: { accept: true } });
  expect(r.status).toBe(200);
  return { checked: checked.data, done: new URL(await b.follow(r.data.redirect)) };
}

describe('oidcProvider: device authorization grant (RFC 8628)', () => {
  it('is off unless configured: no endpoint in discovery, /oauth2/device/verify refuses', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    const d = await t.json<Record<string, unknown>>('/.well-known/openid-configuration');
    expect(d.data.device_authorization_endpoint).toBeUndefined();
    await t.signUp();
    const r = await t.json('/oauth2/device/verify', { body: { userCode: 'BCDF-GHJK' } });
    expect(r.status).toBe(404);
    expect(r.data).toMatchObject({ code: 'DEVICE_FLOW_DISABLED' });
  });

  it('signs a terminal in: device code, the person enters the code and consents, the poller gets tokens', async () => {
    const t = await open();
    const { email } = await t.signUp({ name: 'Ada' });
    const { app, rp } = await cli(t);
    expect(rp.serverMetadata().device_authorization_endpoint).toBe(`${ISSUER}/oidc/device/auth`);
    const device = await client.initiateDeviceAuthorization(rp, { scope: 'openid email' });
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(device.verification_uri).toBe('http://localhost:3000/device');
    expect(device.verification_uri_complete).toBe(`http://localhost:3000/device?user_code=${device.user_code}`);
    expect(device.interval).toBe(1);

    const polling = client.pollDeviceAuthorizationGrant(rp, device);
    // Typed in lower case without the dash: the same code.
    const { checked, done } = await approve(t, device.user_code.replace('-', '').toLowerCase());
    expect(checked.application).toBe('Terminal');
    expect(done.origin + done.pathname).toBe('http://localhost:3000/device');
    expect(Object.fromEntries(done.searchParams)).toEqual({ done: '1', app: 'Terminal' });

    const tokens = await polling;
    expect(tokens.claims()).toMatchObject({ iss: ISSUER, aud: app.clientId });
    const info = await client.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
    expect(info.email).toBe(email);
  });

  it('answers slow_down to a poll sooner than the interval, authorization_pending after it, access_denied when the person refuses', async () => {
    const t = await open({ devicePollInterval: 5 });
    await t.signUp();
    const app = await registerApp(t, { name: 'Terminal', redirectURIs: [], public: true, settings: { deviceFlow: true } });
    // A terminal's requests: no Origin (a browser's would be refused for a public client without redirect URIs).
    const form = (path: string, params: Record<string, string>) =>
      t.auth.handler(
        new Request(`${ISSUER}${path}`, {
          method: 'POST',
          body: new URLSearchParams(params),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        { ip: '127.0.0.1' },
      );
    const started = await form('/oidc/device/auth', { client_id: app.clientId, scope: 'openid' });
    const device = (await started.json()) as { device_code: string; user_code: string; interval: number };
    expect(device.interval).toBe(5);
    const poll = async () => {
      const r = await form('/oidc/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
        client_id: app.clientId,
      });
      return { status: r.status, error: ((await r.json()) as { error: string }).error };
    };
    expect(await poll()).toEqual({ status: 400, error: 'authorization_pending' });
    expect(await poll()).toEqual({ status: 400, error: 'slow_down' });
    t.clock.advance(5);
    expect(await poll()).toEqual({ status: 400, error: 'authorization_pending' });

    const checked = await t.json<{ redirect: string }>('/oauth2/device/verify', { body: { userCode: device.user_code } });
    const consent = new URL(await browser(t).follow(checked.data.redirect));
    const r = await t.json<{ redirect: string }>(`/oauth2/interaction/${consent.searchParams.get('uid')}/consent`, { body: { accept: false } });
    const back = new URL(await browser(t).follow(r.data.redirect));
    expect(back.searchParams.get('error')).toBe('aborted');
    t.clock.advance(5);
    expect(await poll()).toEqual({ status: 400, error: 'access_denied' });
  });

  it('refuses a wrong, a used and a malformed code in plain words, and an application not allowed the grant', async () => {
    const t = await open();
    await t.signUp();
    const { rp } = await cli(t);
    const wrong = await t.json('/oauth2/device/verify', { body: { userCode: 'BCDF-GHJK' } });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ code: 'INVALID_USER_CODE', message: 'This code is not valid. Check the code shown on your device and enter it again' });
    expect((await t.json('/oauth2/device/verify', { body: { userCode: '----' } })).data).toMatchObject({ code: 'INVALID_USER_CODE' });
    expect((await t.json('/oauth2/device/verify', { body: {} })).status).toBe(400);

    const device = await client.initiateDeviceAuthorization(rp, { scope: 'openid' });
    const polling = client.pollDeviceAuthorizationGrant(rp, device);
    await approve(t, device.user_code);
    await polling;
    const used = await t.json('/oauth2/device/verify', { body: { userCode: device.user_code } });
    expect(used.data).toMatchObject({ code: 'USER_CODE_USED' });

    // An application without the setting: the provider refuses the grant.
    const web = await registerApp(t, { name: 'Web', redirectURIs: [], public: true });
    const other = await relyingParty(t, web.clientId);
    await expect(client.initiateDeviceAuthorization(other, { scope: 'openid' })).rejects.toMatchObject({
      error_description: 'urn:ietf:params:oauth:grant-type:device_code is not allowed for this client',
    });
  });

  it("sends a signed-out person to sign in first (no session: 401 on verify, the provider's interaction to /sign-in)", async () => {
    const t = await open();
    const { rp } = await cli(t);
    const device = await client.initiateDeviceAuthorization(rp, { scope: 'openid' });
    expect((await t.json('/oauth2/device/verify', { body: { userCode: device.user_code } })).status).toBe(401);
    const at = new URL(await browser(t).follow(`/api/auth/oidc/device?user_code=${device.user_code}`));
    expect(at.pathname).toBe('/sign-in');
  });

  it('limits code entry: the eleventh try in a minute is refused with 429', async () => {
    const t = await open({}, true);
    await t.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.json('/oauth2/device/verify', { body: { userCode: `BCDF-GHJ${'BCDFGHJKLMN'[i]}` } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
