import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import type { ResourceServer } from './resource-servers.js';
import { asAdmin, codeFor, ISSUER, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();
const NOTES_API = 'https://notes.example/api';
const BILLING_API = 'https://billing.example/api';

type T = Awaited<ReturnType<typeof asAdmin>>;

async function api(t: T, body: Record<string, unknown>) {
  const r = await t.json<ResourceServer>('/oauth2/create-resource-server', { body });
  expect(r.status).toBe(200);
  return r.data;
}

async function verifier(t: T) {
  const jwks = await t.json<JSONWebKeySet>('/oidc/jwks');
  return createLocalJWKSet(jwks.data);
}

describe('oidcProvider: resource servers (RFC 8707) and JWT access tokens (RFC 9068)', () => {
  it('creates, lists, edits and deletes an API through the admin API; refuses bad input and non-admins', async () => {
    const t = await asAdmin(clients);
    const created = await api(t, { identifier: NOTES_API, name: 'Notes API', scopes: ['read:notes', 'write:notes'], accessTokenTTL: 600 });
    expect(created).toMatchObject({
      identifier: NOTES_API,
      name: 'Notes API',
      scopes: ['read:notes', 'write:notes'],
      accessTokenTTL: 600,
      accessTokenFormat: 'jwt',
      clientId: null,
    });
    expect((await t.json<ResourceServer[]>('/oauth2/list-resource-servers')).data.map((s) => s.identifier)).toEqual([NOTES_API]);
    const edited = await t.json<ResourceServer>('/oauth2/update-resource-server', { body: { id: created.id, name: 'Notes', scopes: ['read:notes'] } });
    expect(edited.data).toMatchObject({ name: 'Notes', scopes: ['read:notes'], identifier: NOTES_API });

    const again = await t.json('/oauth2/create-resource-server', { body: { identifier: NOTES_API, name: 'Twice' } });
    expect(again).toMatchObject({ status: 422, data: { code: 'RESOURCE_SERVER_EXISTS' } });
    expect((await t.json('/oauth2/create-resource-server', { body: { identifier: 'notes', name: 'X' } })).data).toMatchObject({
      code: 'INVALID_RESOURCE_IDENTIFIER',
    });
    expect((await t.json('/oauth2/create-resource-server', { body: { identifier: 'https://x.example/#f', name: 'X' } })).data).toMatchObject({
      code: 'INVALID_RESOURCE_IDENTIFIER',
    });
    expect((await t.json('/oauth2/create-resource-server', { body: { identifier: 'https://x.example', name: 'X', scopes: ['openid'] } })).data).toMatchObject({
      code: 'INVALID_RESOURCE_SCOPE',
    });
    expect(
      (await t.json('/oauth2/create-resource-server', { body: { identifier: 'https://x.example', name: 'X', scopes: ['two words'] } })).data,
    ).toMatchObject({ code: 'INVALID_RESOURCE_SCOPE' });
    expect((await t.json('/oauth2/update-resource-server', { body: { id: 'nope', name: 'X' } })).status).toBe(404);

    const app = await registerApp(t, { settings: { resources: [NOTES_API] } });
    const removed = await t.json('/oauth2/delete-resource-server', { body: { id: created.id } });
    expect(removed.status).toBe(200);
    // The applications that listed it no longer do.
    const apps = await t.json<{ clientId: string; settings: { resources: string[] } }[]>('/oauth2/list-applications');
    expect(apps.data.find((a) => a.clientId === app.clientId)?.settings.resources).toEqual([]);
    expect((await t.json<ResourceServer[]>('/oauth2/list-resource-servers')).data).toEqual([]);
    expect((await t.json('/oauth2/delete-resource-server', { body: { id: created.id } })).status).toBe(404);

    await t.signUp({ name: 'Someone' });
    const refused = await t.json('/oauth2/create-resource-server', { body: { identifier: BILLING_API, name: 'Billing' } });
    expect(refused).toMatchObject({ status: 403, data: { code: 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS' } });
  });

  it('issues a JWT for the API a client names, verifiable offline with /oidc/jwks, not accepted for another audience', async () => {
    const t = await asAdmin(clients);
    await api(t, { identifier: NOTES_API, name: 'Notes API', scopes: ['read:notes', 'write:notes'], accessTokenTTL: 300 });
    await api(t, { identifier: BILLING_API, name: 'Billing API', scopes: ['read:invoices'] });
    const app = await registerApp(t, { name: 'Worker', redirectURIs: [], settings: { resources: [NOTES_API] } });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);

    const tokens = await client.clientCredentialsGrant(rp, { scope: 'read:notes', resource: NOTES_API });
    expect(tokens.expires_in).toBe(300);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const { payload } = await jwtVerify(tokens.access_token, await verifier(t), { issuer: ISSUER, audience: NOTES_API, typ: 'at+jwt' });
    expect(payload).toMatchObject({ client_id: app.clientId, scope: 'read:notes', aud: NOTES_API });
    expect(payload.exp! - payload.iat!).toBe(300);
    // The billing API checking its audience refuses it.
    await expect(jwtVerify(tokens.access_token, await verifier(t), { issuer: ISSUER, audience: BILLING_API })).rejects.toMatchObject({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      claim: 'aud',
    });

    // An API the application is not allowed, or one never registered: invalid_target.
    await expect(client.clientCredentialsGrant(rp, { scope: 'read:invoices', resource: BILLING_API })).rejects.toMatchObject({ error: 'invalid_target' });
    await expect(client.clientCredentialsGrant(rp, { resource: 'https://unknown.example' })).rejects.toMatchObject({ error: 'invalid_target' });
  });

  it("gives a person's consented API scopes in a JWT through the authorization code flow", async () => {
    const t = await asAdmin(clients);
    await api(t, { identifier: NOTES_API, name: 'Notes API', scopes: ['read:notes'] });
    const app = await registerApp(t, { settings: { resources: [NOTES_API] } });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const flow = await codeFor(t, rp, { scope: 'openid read:notes', resource: NOTES_API });
    const tokens = await client.authorizationCodeGrant(
      rp,
      flow.callback,
      { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce },
      { resource: NOTES_API },
    );
    const { payload } = await jwtVerify(tokens.access_token, await verifier(t), { issuer: ISSUER, audience: NOTES_API });
    expect(payload).toMatchObject({ scope: 'read:notes', sub: tokens.claims()!.sub });
  });
});

describe('oidcProvider: introspection and revocation for resource servers (RFC 7662, RFC 7009)', () => {
  it('lets the API introspect and revoke tokens for its audience, nobody else, and only an authenticated client', async () => {
    const t = await asAdmin(clients);
    const apiApp = await registerApp(t, { name: 'Notes API', redirectURIs: [] });
    await api(t, { identifier: NOTES_API, name: 'Notes API', scopes: ['read:notes'], accessTokenFormat: 'opaque', clientId: apiApp.clientId });
    const worker = await registerApp(t, { name: 'Worker', redirectURIs: [], settings: { resources: [NOTES_API] } });
    const stranger = await registerApp(t, { name: 'Stranger', redirectURIs: [] });
    const workerRp = await relyingParty(t, worker.clientId, worker.clientSecret);
    const apiRp = await relyingParty(t, apiApp.clientId, apiApp.clientSecret);
    const strangerRp = await relyingParty(t, stranger.clientId, stranger.clientSecret);

    const { access_token } = await client.clientCredentialsGrant(workerRp, { scope: 'read:notes', resource: NOTES_API });
    expect(access_token.split('.')).toHaveLength(1);
    const seen = await client.tokenIntrospection(apiRp, access_token);
    expect(seen).toMatchObject({ active: true, client_id: worker.clientId, aud: NOTES_API, scope: 'read:notes' });
    expect(await client.tokenIntrospection(strangerRp, access_token)).toEqual({ active: false });

    // No client authentication: refused (400 invalid_request); a wrong secret: 401 invalid_client.
    const introspect = (headers: Record<string, string>) =>
      t.auth.handler(
        new Request(`${ISSUER}/oidc/introspect`, {
          method: 'POST',
          body: new URLSearchParams({ token: access_token }),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        }),
      );
    const bare = await introspect({});
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_request', error_description: 'no client authentication mechanism provided' });
    const wrong = await introspect({ authorization: `Basic ${btoa(`${apiApp.clientId}:wrong`)}` });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });

    // A stranger's revocation does nothing; the API's ends the token.
    await client.tokenRevocation(strangerRp, access_token);
    expect(await client.tokenIntrospection(apiRp, access_token)).toMatchObject({ active: true });
    await client.tokenRevocation(apiRp, access_token);
    expect(await client.tokenIntrospection(apiRp, access_token)).toEqual({ active: false });
  });

  it('refuses an API whose application cannot authenticate (a public client)', async () => {
    const t = await asAdmin(clients);
    const spa = await registerApp(t, { public: true });
    const r = await t.json('/oauth2/create-resource-server', { body: { identifier: NOTES_API, name: 'Notes', clientId: spa.clientId } });
    expect(r).toMatchObject({ status: 400, data: { code: 'RESOURCE_SERVER_CLIENT_INVALID' } });
  });
});
