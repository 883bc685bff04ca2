import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestClient, useTestClients } from '../../test-kit.js';
import { oidcState } from './state.js';
import { asAdmin, ISSUER, registerApp, storedBefore } from './test-kit.js';

const clients = useTestClients();
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

const FORM = 'application/x-www-form-urlencoded';

/** The instance served from Node's request (as `gatehouse start` serves it: the mount's Node path, where the lane is). */
async function nodeServer(t: TestClient): Promise<string> {
  const step = await t.auth.nodeMounts();
  if (!step) throw new Error('no Node mount');
  const server = createServer((req, res) => {
    if (!step(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Headers of the connection or of the moment, not of the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function read(r: Response): Promise<Answer> {
  const headers = Object.fromEntries([...r.headers].filter(([name]) => !TRANSPORT.has(name)));
  return { status: r.status, body: (await r.json()) as Record<string, unknown>, headers };
}

/**
 * A machine and the two ways to reach the provider: `node` (Node's request: the lane first) and
 * `fetch` (`auth.handler`, which never takes the lane: oidc-provider answers alone). Counts the
 * provider's own successes, to tell which of the two answered.
 */
async function setUp() {
  const t = await asAdmin(clients);
  const machine = await registerApp(t, { name: 'Worker', redirectURIs: [] });
  const base = await nodeServer(t);
  const { runtime } = oidcState(await t.auth.context());
  // grant.success: the provider issued a token; lookups: it looked a token up as an access token
  // (its introspection does, whatever the token; the lane looks only for a client-credentials token).
  const served = { grants: 0, lookups: 0 };
  runtime.provider.on('grant.success', () => served.grants++);
  const model = runtime.storage.model.bind(runtime.storage);
  (runtime.storage as { model: typeof model }).model = (name) => {
    const store = model(name);
    if (name !== 'AccessToken') return store;
    const counted = Object.create(store) as typeof store;
    counted.find = (id: string) => {
      served.lookups++;
      return store.find(id);
    };
    return counted;
  };
  const basic = (id = machine.clientId, secret = machine.clientSecret!) => `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;
  const send = async (how: 'node' | 'fetch', path: string, body: string, headers: Record<string, string> = {}) => {
    const init = { method: 'POST', headers: { 'content-type': FORM, ...headers }, body };
    return read(how === 'node' ? await fetch(`${base}${path}`, init) : await t.auth.handler(new Request(`${ISSUER}${path}`, init), { ip: '127.0.0.1' }));
  };
  const both = async (path: string, body: string, headers: Record<string, string> = {}) => ({
    node: await send('node', path, body, headers),
    fetch: await send('fetch', path, body, headers),
  });
  return { t, machine, basic, send, both, served };
}

describe('oidcProvider: the machine lane (plain client-credentials grants and their introspection from Node’s request)', () => {
  it('issues a token as oidc-provider does: the same answer, the same stored row, usable by the provider', async () => {
    const { t, basic, send, served } = await setUp();
    const grant = 'grant_type=client_credentials';
    const fromLane = await send('node', '/oidc/token', grant, { authorization: basic() });
    expect(served.grants).toBe(0);
    const fromProvider = await send('fetch', '/oidc/token', grant, { authorization: basic() });
    expect(served.grants).toBe(1);

    expect(fromLane.status).toBe(200);
    expect(fromLane.headers).toEqual(fromProvider.headers);
    expect(Object.keys(fromLane.body)).toEqual(Object.keys(fromProvider.body));
    expect({ ...fromLane.body, access_token: 'x' }).toEqual({ ...fromProvider.body, access_token: 'x' });
    // Both made alike: the creation time's 8 characters, then 256 random bits (token-ids.ts).
    for (const answer of [fromLane, fromProvider]) expect(answer.body.access_token).toMatch(/^[0-9A-Za-z]{8}[A-Za-z0-9_-]{43}$/);

    // Both rows alike (keys, kind, client, lifetime).
    const db = (await t.auth.context()).adapter;
    const row = async (token: unknown) => {
      const found = await db.findOne<{ payload: Record<string, unknown>; clientId: string; expiresAt: Date }>('oidcModel', [
        { field: 'id', value: `ClientCredentials:${token}` },
      ]);
      if (!found) throw new Error('no row');
      return found;
    };
    const laneRow = await row(fromLane.body.access_token);
    const providerRow = await row(fromProvider.body.access_token);
    expect(Object.keys(laneRow.payload).sort()).toEqual(Object.keys(providerRow.payload).sort());
    expect({ ...laneRow.payload, jti: 0, iat: 0, exp: 0 }).toEqual({ ...providerRow.payload, jti: 0, iat: 0, exp: 0 });
    expect(laneRow.clientId).toBe(providerRow.clientId);
    expect(Math.abs(laneRow.expiresAt.getTime() - providerRow.expiresAt.getTime())).toBeLessThan(2000);

    // Each token introspected both ways: the same answer, by the lane for the plain one and by the provider.
    for (const token of [fromLane.body.access_token, fromProvider.body.access_token]) {
      const before = served.lookups;
      const seen = await send('node', '/oidc/introspect', `token=${token}`, { authorization: basic() });
      expect(served.lookups).toBe(before);
      const byProvider = await send('fetch', '/oidc/introspect', `token=${token}`, { authorization: basic() });
      expect(served.lookups).toBe(before + 1);
      expect(seen).toEqual(byProvider);
      expect(seen.body).toMatchObject({ active: true, iss: ISSUER, token_type: 'Bearer' });
    }

    // Revoked by the provider: the lane no longer finds it, and the provider says inactive.
    const token = String(fromLane.body.access_token);
    const revoked = await t.auth.handler(
      new Request(`${ISSUER}/oidc/revoke`, { method: 'POST', headers: { 'content-type': FORM, authorization: basic() }, body: `token=${token}` }),
    );
    expect(revoked.status).toBe(200);
    expect((await send('node', '/oidc/introspect', `token=${token}`, { authorization: basic() })).body).toEqual({ active: false });
  });

  it('introspects a token made before ids took their creation time (43 random characters) as the provider does', async () => {
    const { t, machine, basic, send, served } = await setUp();
    const { runtime } = oidcState(await t.auth.context());
    const old = 'Q'.repeat(43);
    await storedBefore(runtime.storage, old, machine.clientId);
    const seen = await send('node', '/oidc/introspect', `token=${old}`, { authorization: basic() });
    expect(served.lookups).toBe(0);
    const byProvider = await send('fetch', '/oidc/introspect', `token=${old}`, { authorization: basic() });
    expect(served.lookups).toBe(1);
    expect(seen).toEqual(byProvider);
    expect(seen.body).toMatchObject({ active: true, client_id: machine.clientId });
  });

  it('takes client_id and client_secret in the body too, and a token type hint', async () => {
    const { machine, send, served } = await setUp();
    const credentials = `client_id=${encodeURIComponent(machine.clientId)}&client_secret=${encodeURIComponent(machine.clientSecret!)}`;
    const granted = await send('node', '/oidc/token', `grant_type=client_credentials&${credentials}`);
    expect(granted.status).toBe(200);
    const seen = await send('node', '/oidc/introspect', `token=${granted.body.access_token}&token_type_hint=access_token&${credentials}`);
    expect(seen.body).toMatchObject({ active: true, client_id: machine.clientId });
    expect(served).toEqual({ grants: 0, lookups: 0 });
  });

  it('leaves every refusal, and every request it does not know as plain, to oidc-provider: both paths answer alike', async () => {
    const { t, machine, basic, both, send, served } = await setUp();
    const other = await registerApp(t, { name: 'Other', redirectURIs: [] });
    const interactive = await registerApp(t, { name: 'Web', public: true });
    const dpop = await registerApp(t, { name: 'Bound', redirectURIs: [], settings: { requireDPoP: true } });
    const grant = 'grant_type=client_credentials';
    const token = String((await send('node', '/oidc/token', grant, { authorization: basic() })).body.access_token);
    const othersToken = String((await send('node', '/oidc/token', grant, { authorization: basic(other.clientId, other.clientSecret!) })).body.access_token);

    const cases: [string, string, string, Record<string, string>][] = [
      ['a wrong secret', '/oidc/token', grant, { authorization: basic(machine.clientId, 'wrong') }],
      ['an unknown client', '/oidc/token', grant, { authorization: basic('nobody', 'secret') }],
      ['a malformed Basic header', '/oidc/token', grant, { authorization: 'Basic !!!' }],
      ['the secret twice (header and body)', '/oidc/token', `${grant}&client_secret=x`, { authorization: basic() }],
      ['another client_id in the body', '/oidc/token', `${grant}&client_id=${other.clientId}`, { authorization: basic() }],
      ['a public client', '/oidc/token', `${grant}&client_id=${interactive.clientId}`, {}],
      ['an application that requires DPoP, without a proof', '/oidc/token', grant, { authorization: basic(dpop.clientId, dpop.clientSecret!) }],
      ['a grant type it does not serve', '/oidc/token', 'grant_type=password&username=a&password=b', { authorization: basic() }],
      ['a parameter given twice', '/oidc/token', `${grant}&${grant}`, { authorization: basic() }],
      ['a scope', '/oidc/token', `${grant}&scope=openid`, { authorization: basic() }],
      ['a resource it is not allowed', '/oidc/token', `${grant}&resource=https://api.example.com`, { authorization: basic() }],
      ['no credentials', '/oidc/introspect', `token=${token}`, {}],
      ['a wrong secret, introspecting', '/oidc/introspect', `token=${token}`, { authorization: basic(machine.clientId, 'wrong') }],
      ['an unknown token', '/oidc/introspect', `token=${'A'.repeat(43)}`, { authorization: basic() }],
      ['a JWT', '/oidc/introspect', 'token=eyJhbGciOiJub25lIn0.e30.', { authorization: basic() }],
      ["another client's token", '/oidc/introspect', `token=${othersToken}`, { authorization: basic() }],
      ['no token', '/oidc/introspect', 'token_type_hint=access_token', { authorization: basic() }],
    ];
    for (const [what, path, body, headers] of cases) {
      const { node, fetch: provider } = await both(path, body, headers);
      // A token the provider issued on each path differs by its value only.
      const masked = (a: Answer) => ({ what, ...a, body: { ...a.body, ...(a.body.access_token ? { access_token: 'x' } : {}) } });
      expect(masked(node)).toEqual(masked(provider));
    }
    // The provider answered each of them on both paths (the lane took none: no success skipped its events).
    expect(served.grants).toBe(2);
  });

  it('lets a client hang up in the middle of its body, and answers the next one', async () => {
    const t = await asAdmin(clients);
    const machine = await registerApp(t, { name: 'Worker', redirectURIs: [] });
    const base = new URL(await nodeServer(t));
    const authorization = `Basic ${btoa(`${machine.clientId}:${machine.clientSecret}`)}`;
    await new Promise<void>((done, fail) => {
      const socket = connect(Number(base.port), base.hostname, () => {
        socket.write(
          `POST /api/auth/oidc/token HTTP/1.1\r\nhost: ${base.host}\r\ncontent-type: ${FORM}\r\nauthorization: ${authorization}\r\ncontent-length: 200\r\n\r\ngrant_type=client_`,
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => done());
      socket.on('error', fail);
    });
    const r = await fetch(`${base.href}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': FORM, authorization },
      body: 'grant_type=client_credentials',
    });
    expect(r.status).toBe(200);
    // The half-sent request was never served: the one token issued is the second request's.
    const { access_token: token } = (await r.json()) as { access_token: string };
    const issued = await (await t.auth.context()).adapter.findMany<{ id: string }>('oidcModel', {
      where: [{ field: 'id', operator: 'starts_with', value: 'ClientCredentials:' }],
    });
    expect(issued.map((row) => row.id)).toEqual([`ClientCredentials:${token}`]);
  });

  it('leaves an expired token to the provider, which says inactive', async () => {
    const t = await asAdmin(clients, { accessTokenTTL: 60 });
    const machine = await registerApp(t, { name: 'Worker', redirectURIs: [] });
    const base = await nodeServer(t);
    const authorization = `Basic ${btoa(`${machine.clientId}:${machine.clientSecret}`)}`;
    const post = (path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': FORM, authorization }, body });
    const { access_token: token } = (await (await post('/oidc/token', 'grant_type=client_credentials')).json()) as { access_token: string };
    const db = (await t.auth.context()).adapter;
    const id = `ClientCredentials:${token}`;
    const row = await db.findOne<{ payload: Record<string, number> }>('oidcModel', [{ field: 'id', value: id }]);
    const past = Math.floor(Date.now() / 1000) - 120;
    await db.update('oidcModel', [{ field: 'id', value: id }], { payload: { ...row!.payload, iat: past - 60, exp: past } });
    expect(await (await post('/oidc/introspect', `token=${token}`)).json()).toEqual({ active: false });
  });
});
