import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { browser, ISSUER, REDIRECT_URI, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();
const open = () => clients.open({ oidcProvider: { enabled: true } });

describe('oidcProvider: every endpoint discovery names is there', () => {
  it('answers each *_endpoint of both discovery documents with something other than 404', async () => {
    const t = await open();
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const d = await t.json<Record<string, unknown>>(path);
      expect(d.status).toBe(200);
      const endpoints = Object.entries(d.data).filter(([k, v]) => (k.endsWith('_endpoint') || k === 'jwks_uri') && typeof v === 'string');
      expect(endpoints.map(([k]) => k)).toEqual(expect.arrayContaining(['authorization_endpoint', 'token_endpoint', 'pushed_authorization_request_endpoint']));
      for (const [name, url] of endpoints) {
        expect(String(url).startsWith(`${ISSUER}/`), name).toBe(true);
        const path = String(url).slice(ISSUER.length);
        // A GET, then a POST without credentials: each endpoint answers for itself (400, 401, 405, …), never "not found".
        const get = await t.request(path, { jar: null });
        const post = await t.request(path, { jar: null, body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(
          [get.status, post.status].some((s) => s !== 404),
          `${name} ${path}: GET ${get.status}, POST ${post.status}`,
        ).toBe(true);
      }
    }
  });

  it('takes a pushed authorization request (RFC 9126) and signs the person in with its request_uri', async () => {
    const t = await open();
    await t.signUp({ name: 'Ada' });
    const app = await registerApp(t, { firstParty: true });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = await client.buildAuthorizationUrlWithPAR(rp, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(url.searchParams.get('redirect_uri')).toBeNull();
    const callback = new URL(await browser(t).follow(url.href));
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()!.aud).toBe(app.clientId);
  });
});
