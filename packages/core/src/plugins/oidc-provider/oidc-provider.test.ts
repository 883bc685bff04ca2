import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { authorizationRequest, browser, codeFor, ISSUER, REDIRECT_URI, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();
const open = () => clients.open({ oidcProvider: { enabled: true } });

describe('oidcProvider: off unless configured', () => {
  it('has no discovery document, no routes and says so in /providers', async () => {
    const t = await clients.open();
    expect((await t.request('/.well-known/openid-configuration')).status).toBe(404);
    expect((await t.request('/oidc/authorize')).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.oidcProvider).toBe(false);
  });
});

describe('oidcProvider: discovery and keys', () => {
  it('publishes the issuer under the base path, its endpoints and an RS256 + ES256 key set', async () => {
    const t = await open();
    const d = await t.json<Record<string, unknown>>('/.well-known/openid-configuration');
    expect(d.status).toBe(200);
    expect(d.data.issuer).toBe(ISSUER);
    expect(d.data.authorization_endpoint).toBe(`${ISSUER}/oidc/authorize`);
    expect(d.data.token_endpoint).toBe(`${ISSUER}/oidc/token`);
    expect(d.data.userinfo_endpoint).toBe(`${ISSUER}/oidc/userinfo`);
    expect(d.data.end_session_endpoint).toBe(`${ISSUER}/oidc/end-session`);
    expect(d.data.code_challenge_methods_supported).toEqual(['S256']);
    expect(d.data.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']));
    const jwks = await t.json<{ keys: { alg: string; kty: string; d?: string }[] }>('/oidc/jwks');
    expect(jwks.data.keys.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(jwks.data.keys.every((k) => k.d === undefined)).toBe(true);
    const rows = await (await t.auth.context()).adapter.findMany<{ privateKey: string }>('oidcSigningKey');
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.privateKey.startsWith('v1.'))).toBe(true);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.oidcProvider).toBe(true);
  });
});

describe('oidcProvider: authorization code with PKCE', () => {
  it('signs a person in to an app: consent, code, ID token, userinfo, refresh with rotation', async () => {
    const t = await open();
    const { email } = await t.signUp({ name: 'Ada' });
    const app = await registerApp(t);
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid email profile offline_access', prompt: 'consent' });
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(ISSUER);
    expect(claims.aud).toBe(app.clientId);
    expect(typeof tokens.refresh_token).toBe('string');
    const info = await client.fetchUserInfo(rp, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, email, email_verified: false, name: 'Ada' });
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()!.sub).toBe(claims.sub);
    // The consent is remembered: a second authorization skips the consent page.
    const again = await codeFor(t, rp);
    expect(again.callback.searchParams.get('code')).toBeTruthy();
  });

  it('sends a signed-out person to the sign-in page, which comes back to the interaction', async () => {
    const t = await open();
    const app = await registerApp(t);
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const { url } = await authorizationRequest(rp);
    const at = new URL(await browser(t).follow(url));
    expect(at.pathname).toBe('/sign-in');
    expect(at.searchParams.get('redirect')).toMatch(/^\/api\/auth\/oauth2\/interaction\/[\w-]+$/);
  });
});
