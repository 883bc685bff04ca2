import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { type TestClient, useRedisStorages, useTestClients } from '../../test-kit.js';
import { asAdmin, ISSUER, registerApp } from './test-kit.js';

// The clients of dynamic registration (RFC 7591) on the admin's side: listed, and removed.
const clients = useTestClients();
const redis = useRedisStorages('registered');

const fetcherOf =
  (t: TestClient): client.CustomFetch =>
  (url, init) =>
    t.auth.handler(new Request(url, init as RequestInit), { ip: '127.0.0.1' });

/** Registers a machine client at /oidc/register with a fresh initial access token from the admin. */
async function register(t: TestClient, name: string) {
  const issued = await t.json<{ token: string }>('/oauth2/initial-access-token', { body: {} });
  expect(issued.status).toBe(200);
  return client.dynamicClientRegistration(
    new URL(ISSUER),
    { client_name: name, redirect_uris: [], grant_types: ['client_credentials'], response_types: [], token_endpoint_auth_method: 'client_secret_basic' },
    undefined,
    { initialAccessToken: issued.data.token, execute: [client.allowInsecureRequests], [client.customFetch]: fetcherOf(t) },
  );
}

interface Listed {
  clientId: string;
  name: string | null;
  redirectURIs: string[];
  grantTypes: string[];
  tokenEndpointAuthMethod: string;
  registeredAt: string | null;
}

describe('oidcProvider: the clients of dynamic registration, for admins', () => {
  it('lists them by name (not the admins’ applications); removing one ends its grants, and is audited', async () => {
    const t = await asAdmin(clients, { dynamicRegistration: true });
    await registerApp(t, { name: 'Notes' });
    expect((await t.json('/oauth2/list-registered-clients')).data).toEqual([]);

    const robot = await register(t, 'Robot');
    const crawler = await register(t, 'Crawler');
    const listed = await t.json<Listed[]>('/oauth2/list-registered-clients');
    expect(listed.status).toBe(200);
    expect(listed.data.map((c) => c.name)).toEqual(['Crawler', 'Robot']);
    expect(listed.data[1]).toEqual({
      clientId: robot.clientMetadata().client_id,
      name: 'Robot',
      redirectURIs: [],
      grantTypes: ['client_credentials'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Nothing secret is listed.
    expect(JSON.stringify(listed.data)).not.toContain(String(robot.clientMetadata().client_secret));
    expect((await t.json<{ name: string }[]>('/oauth2/list-applications')).data.map((a) => a.name)).toEqual(['Notes']);

    expect((await client.clientCredentialsGrant(robot, {})).access_token).toBeTruthy();
    const removed = await t.json('/oauth2/delete-registered-client', { body: { clientId: robot.clientMetadata().client_id } });
    expect(removed).toMatchObject({ status: 200, data: { status: true } });
    // The client is gone: it cannot get a token; the other one still can.
    await expect(client.clientCredentialsGrant(robot, {})).rejects.toMatchObject({ error: 'invalid_client' });
    expect((await client.clientCredentialsGrant(crawler, {})).access_token).toBeTruthy();
    expect((await t.json<Listed[]>('/oauth2/list-registered-clients')).data.map((c) => c.name)).toEqual(['Crawler']);

    const audit = await t.json<{ events: { type: string; details: Record<string, unknown> }[] }>('/admin/list-audit-events?type=oauth.application-deleted');
    expect(audit.data.events[0]?.details).toEqual({ clientId: robot.clientMetadata().client_id, name: 'Robot', registered: true });
  });

  it('answers 404 for an unknown client and for an admin’s application, 400 without an id, 403 to a non-admin', async () => {
    const t = await asAdmin(clients, { dynamicRegistration: true });
    const app = await registerApp(t, { name: 'Notes' });
    for (const clientId of ['nobody', app.clientId]) {
      const res = await t.json('/oauth2/delete-registered-client', { body: { clientId } });
      expect(res).toMatchObject({ status: 404, data: { code: 'APPLICATION_NOT_FOUND', message: 'Application not found' } });
    }
    // The application is still there.
    expect((await t.json<{ name: string }[]>('/oauth2/list-applications')).data.map((a) => a.name)).toEqual(['Notes']);
    expect((await t.json('/oauth2/delete-registered-client', { body: {} })).status).toBe(400);
    const robot = await register(t, 'Robot');

    await t.signUp({ name: 'Someone' });
    expect(await t.json('/oauth2/list-registered-clients')).toMatchObject({ status: 403, data: { code: 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS' } });
    const refused = await t.json('/oauth2/delete-registered-client', { body: { clientId: robot.clientMetadata().client_id } });
    expect(refused).toMatchObject({ status: 403, data: { code: 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS' } });
    expect((await client.clientCredentialsGrant(robot, {})).access_token).toBeTruthy();
  });

  it.runIf(redis.url)('keeps registered clients in the database when the provider’s storage is Redis: listed, and they still get tokens', async () => {
    const storage = await redis.open();
    const open = await asAdmin(clients, { dynamicRegistration: true, storage: 'secondary-storage' }, { secondaryStorage: storage });
    const robot = await register(open, 'Robot');
    expect((await open.json<Listed[]>('/oauth2/list-registered-clients')).data.map((c) => c.name)).toEqual(['Robot']);
    const rows = await (await open.auth.context()).adapter.findMany('oidcModel', { where: [{ field: 'model', value: 'Client' }] });
    expect(rows).toHaveLength(1);
    expect((await client.clientCredentialsGrant(robot, {})).access_token).toBeTruthy();
  });
});
