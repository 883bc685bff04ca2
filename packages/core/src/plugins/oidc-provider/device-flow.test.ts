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

/** One poll of the token endpoint as a terminal makes it (no Origin): its status and answer. */
async function pollOnce(t: Awaited<ReturnType<typeof open>>, clientId: string, deviceCode: string) {
  const r = await t.auth.handler(
    new Request(`${ISSUER}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, client_id: clientId }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    { ip: '127.0.0.1' },
  );
  return { status: r.status, body: (await r.json()) as { error?: string; access_token?: string } };
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

  it('tells a poll that comes while the approval is being written to wait, not that the code is gone', async () => {
    // The provider saves the approved code before the person's session records its grant, in the same request: a poll
    // in between met a code whose session did not hold its grant. Here the session's save waits until that poll is answered.
    let holding = false;
    let entered!: () => void;
    const reached = new Promise<void>((ok) => (entered = ok));
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    // The session is saved as a new row or over its own (the provider may give it a new id when the person signs in).
    const holdSessionSave = async (data: Record<string, unknown>) => {
      const grants = Object.values((data.payload as { authorizations?: Record<string, { grantId?: string }> } | undefined)?.authorizations ?? {});
      if (!holding || data.model !== 'Session' || !grants.some((a) => a.grantId)) return;
      holding = false;
      entered();
      await released;
    };
    const t = await clients.open({
      oidcProvider: { enabled: true, deviceFlow: true, devicePollInterval: 1 },
      rateLimit: { enabled: false },
      databaseHooks: {
        oidcModel: { create: { before: holdSessionSave }, update: { before: holdSessionSave } },
      },
    });
    await t.signUp();
    const { app, rp } = await cli(t);
    const device = await client.initiateDeviceAuthorization(rp, { scope: 'openid' });
    const poll = () => pollOnce(t, app.clientId, device.device_code);
    const checked = await t.json<{ redirect: string }>('/oauth2/device/verify', { body: { userCode: device.user_code } });
    const b = browser(t);
    const consent = new URL(await b.follow(checked.data.redirect));
    const r = await t.json<{ redirect: string }>(`/oauth2/interaction/${consent.searchParams.get('uid')}/consent`, { body: { accept: true } });
    holding = true;
    const finishing = b.follow(r.data.redirect);
    await reached;
    // The code is saved approved; the session is not saved yet.
    t.clock.advance(1);
    const early = await poll();
    expect(early).toEqual({ status: 400, body: expect.objectContaining({ error: 'authorization_pending' }) });
    release();
    expect(new URL(await finishing).searchParams.get('done')).toBe('1');
    t.clock.advance(1);
    const late = await poll();
    expect(late.status).toBe(200);
    expect(late.body.access_token).toBeTruthy();
  });

  it("answers a code approved in a session now someone else's as not found", async () => {
    const t = await open();
    await t.signUp();
    const { app, rp } = await cli(t);
    const device = await client.initiateDeviceAuthorization(rp, { scope: 'openid' });
    await approve(t, device.user_code);
    // Another person signs in in the same browser before the terminal polls: the code is no longer theirs to use.
    const { adapter } = await t.auth.context();
    const [session] = await adapter.findMany<{ id: string; payload: Record<string, unknown> }>('oidcModel', { where: [{ field: 'model', value: 'Session' }] });
    await adapter.update('oidcModel', [{ field: 'id', value: session!.id }], { payload: { ...session!.payload, accountId: 'someone-else' } });
    t.clock.advance(1);
    expect(await pollOnce(t, app.clientId, device.device_code)).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
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
