import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { asksOrganization } from './claims.js';
import { codeFor, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();

describe('oidcProvider: organization claims (scope organization)', () => {
  it('gives the active organization and the role; an organization switched to is what the next sign-in tells', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    await t.signUp();
    const app = await registerApp(t, { name: 'Billing' });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    expect(rp.serverMetadata().scopes_supported).toContain('organization');
    const acme = await t.json<{ id: string }>('/organization/create', { body: { name: 'Acme', slug: 'acme' } });
    await t.json('/organization/set-active', { body: { organizationId: acme.data.id } });
    const signIn = async () => {
      const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid organization' });
      return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    };
    // As the other scopes' claims: at userinfo (the ID token of the code flow carries only what the claims parameter asks).
    const info = async (tokens: Awaited<ReturnType<typeof signIn>>) => client.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
    const first = await signIn();
    expect(await info(first)).toMatchObject({ org_id: acme.data.id, org_slug: 'acme', org_name: 'Acme', org_role: 'owner' });

    const globex = await t.json<{ id: string }>('/organization/create', { body: { name: 'Globex', slug: 'globex' } });
    await t.json('/organization/set-active', { body: { organizationId: globex.data.id } });
    const second = await signIn();
    expect(await info(second)).toMatchObject({ org_id: globex.data.id, org_slug: 'globex', org_name: 'Globex', org_role: 'owner' });
    // One grant per person and app: the first sign-in's tokens now tell Globex too.
    expect((await info(first)).org_id).toBe(globex.data.id);

    // No active organization: no organization claims.
    await t.json('/organization/set-active', { body: { organizationId: null } });
    expect((await info(await signIn())).org_id).toBeUndefined();
    // Without the scope: none either.
    await t.json('/organization/set-active', { body: { organizationId: acme.data.id } });
    const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid email' });
    const plain = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect((await info(plain)).org_id).toBeUndefined();
    expect((await info(plain)).email).toBeTruthy();
  });

  it('gives an organization claim asked for by name (the claims parameter) without the scope, and none unasked', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    await t.signUp();
    const app = await registerApp(t, { name: 'Billing' });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const acme = await t.json<{ id: string }>('/organization/create', { body: { name: 'Acme', slug: 'acme' } });
    await t.json('/organization/set-active', { body: { organizationId: acme.data.id } });
    const signIn = async (params: Record<string, string>) => {
      const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid email', ...params });
      return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    };
    const asked = await signIn({ claims: JSON.stringify({ id_token: { org_id: null, email: null } }) });
    expect(asked.claims()).toMatchObject({ org_id: acme.data.id, email: expect.any(String) });
    expect(asked.claims()!.org_slug).toBeUndefined();
    const unasked = await signIn({ claims: JSON.stringify({ id_token: { email: null } }) });
    expect(unasked.claims()!.email).toEqual(expect.any(String));
    expect(unasked.claims()!.org_id).toBeUndefined();
  });

  it('reads the remembered organization only for a scope or claims that may release it', () => {
    expect(asksOrganization('openid organization', {})).toBe(true);
    expect(asksOrganization('openid email', { org_role: null })).toBe(true);
    expect(asksOrganization(undefined, undefined)).toBe(true);
    expect(asksOrganization('openid email', { email: null })).toBe(false);
    expect(asksOrganization('openid organizations', undefined)).toBe(false);
  });

  it('offers no organization scope when the organization plugin is off', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true }, organization: { enabled: false } });
    const d = await t.json<{ scopes_supported: string[]; claims_supported: string[] }>('/.well-known/openid-configuration');
    expect(d.data.scopes_supported).not.toContain('organization');
    expect(d.data.claims_supported).not.toContain('org_id');
  });
});
