import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { clientMetadata, type OAuthApplication } from './applications.js';
import { CLIENT_MEMO_MS } from './client-memo.js';
import { codeFor, REDIRECT_URI, relyingParty } from './test-kit.js';

const clients = useTestClients();

/** An instance with the provider on and a signed-in admin. */
async function asAdmin() {
  const t = await clients.open({ oidcProvider: { enabled: true } });
  const { data } = await t.signUp({ name: 'Root' });
  const id = (data.user as { id: string }).id;
  await (await t.auth.context()).adapter.update('user', [{ field: 'id', value: id }], { role: 'admin' });
  return t;
}

describe('oidcProvider: the applications admin API', () => {
  it('creates, lists, edits, rotates the secret of and deletes an application', async () => {
    const t = await asAdmin();
    const created = await t.json<OAuthApplication & { clientSecret: string }>('/oauth2/create-application', {
      body: { name: 'Notes', redirectURIs: [REDIRECT_URI] },
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'Notes', redirectURIs: [REDIRECT_URI], public: false, firstParty: false });
    expect(created.data.clientSecret.length).toBeGreaterThan(30);
    const { clientId } = created.data;
    // Letters and digits only: an ID beginning with '-' was read as an option by the CLI's `--client-id ID`.
    expect(clientId).toMatch(/^[A-Za-z0-9]{22}$/);
    const list = await t.json<OAuthApplication[]>('/oauth2/list-applications');
    expect(list.data.map((a) => a.clientId)).toEqual([clientId]);
    expect(JSON.stringify(list.data)).not.toContain(created.data.clientSecret);

    const edited = await t.json<OAuthApplication>('/oauth2/update-application', {
      body: { clientId, name: 'Notes 2', redirectURIs: [REDIRECT_URI, 'https://notes.example/cb'] },
    });
    expect(edited.data).toMatchObject({ name: 'Notes 2', redirectURIs: [REDIRECT_URI, 'https://notes.example/cb'] });

    // The rotated secret works; the old one no longer does.
    const rotated = await t.json<{ clientSecret: string }>('/oauth2/rotate-secret', { body: { clientId } });
    expect(rotated.data.clientSecret).not.toBe(created.data.clientSecret);
    const rp = await relyingParty(t, clientId, rotated.data.clientSecret);
    const flow = await codeFor(t, rp);
    const old = await relyingParty(t, clientId, created.data.clientSecret);
    await expect(
      client.authorizationCodeGrant(old, flow.callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce }),
    ).rejects.toMatchObject({ status: 401 });
    const tokens = await client.authorizationCodeGrant(rp, flow.callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.access_token).toBeTruthy();

    expect((await t.json('/oauth2/delete-application', { body: { clientId } })).data).toEqual({ status: true });
    expect((await t.json<OAuthApplication[]>('/oauth2/list-applications')).data).toEqual([]);
    expect((await t.json('/oauth2/delete-application', { body: { clientId } })).data).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
    expect((await t.json('/oauth2/rotate-secret', { body: { clientId } })).data).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
    expect((await t.json('/oauth2/update-application', { body: { clientId, name: 'x' } })).data).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
    // A deleted application's client can no longer use its tokens' refresh or start a flow.
    await expect(relyingParty(t, clientId, rotated.data.clientSecret).then((c) => client.clientCredentialsGrant(c))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses bad redirect URIs and bad bodies', async () => {
    const t = await asAdmin();
    for (const uri of ['not a url', 'javascript:alert(1)', 'https://app.example/cb#frag', 'ftp://app.example/']) {
      const r = await t.json('/oauth2/create-application', { body: { name: 'X', redirectURIs: [uri] } });
      expect(r, uri).toMatchObject({ status: 400, data: { code: 'INVALID_REDIRECT_URI' } });
    }
    expect((await t.json('/oauth2/create-application', { body: { name: '', redirectURIs: [] } })).data).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('is for admins only', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    expect((await t.json('/oauth2/list-applications')).status).toBe(401);
    await t.signUp();
    expect((await t.json('/oauth2/list-applications')).data).toMatchObject({ code: 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS' });
    expect((await t.json('/oauth2/create-application', { body: { name: 'X', redirectURIs: [REDIRECT_URI] } })).status).toBe(403);
    expect((await t.json('/oauth2/delete-application', { body: { clientId: 'x' } })).status).toBe(403);
  });

  it("answers a client from this instance's memo, forgotten at once when its application changes here, within a second elsewhere", async () => {
    const t = await asAdmin();
    const created = await t.json<OAuthApplication & { clientSecret: string }>('/oauth2/create-application', {
      body: { name: 'Robot', redirectURIs: [REDIRECT_URI] },
    });
    const { clientId, clientSecret } = created.data;
    // Warms the memo: a grant reads the client.
    expect((await client.clientCredentialsGrant(await relyingParty(t, clientId, clientSecret))).access_token).toBeTruthy();
    const ctx = await t.auth.context();
    // Another instance over the same database: another memo (the memo is per adapter).
    const elsewhere = { adapter: Object.create(ctx.adapter) as typeof ctx.adapter, encrypter: ctx.encrypter };
    expect(await clientMetadata(elsewhere, clientId)).toMatchObject({ client_secret: clientSecret });

    // Here, a rotated secret is refused at once, though the old one was just in the memo.
    const rotated = await t.json<{ clientSecret: string }>('/oauth2/rotate-secret', { body: { clientId } });
    await expect(relyingParty(t, clientId, clientSecret).then((c) => client.clientCredentialsGrant(c))).rejects.toMatchObject({ status: 401 });
    expect((await client.clientCredentialsGrant(await relyingParty(t, clientId, rotated.data.clientSecret))).access_token).toBeTruthy();
    // Elsewhere, the old metadata is answered for at most CLIENT_MEMO_MS, then the row is read again.
    expect(await clientMetadata(elsewhere, clientId)).toMatchObject({ client_secret: clientSecret });
    await new Promise((r) => setTimeout(r, CLIENT_MEMO_MS + 50));
    expect(await clientMetadata(elsewhere, clientId)).toMatchObject({ client_secret: rotated.data.clientSecret });

    // A changed setting is honoured at once here (the device grant allowed), and a deleted application refused at once.
    expect((await clientMetadata(ctx, clientId))?.grant_types).not.toContain('urn:ietf:params:oauth:grant-type:device_code');
    await t.json('/oauth2/update-application', { body: { clientId, settings: { deviceFlow: true } } });
    expect((await clientMetadata(ctx, clientId))?.grant_types).toContain('urn:ietf:params:oauth:grant-type:device_code');
    expect((await t.json('/oauth2/delete-application', { body: { clientId } })).data).toEqual({ status: true });
    expect(await clientMetadata(ctx, clientId)).toBeUndefined();
    await expect(relyingParty(t, clientId, rotated.data.clientSecret).then((c) => client.clientCredentialsGrant(c))).rejects.toMatchObject({ status: 401 });
  });
});
