import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { ERROR, PATCH, scimSetup, USER } from './test-kit.js';

const clients = useTestClients();

describe('scim: errors', () => {
  it('401 for no token, a wrong one or another scheme, with WWW-Authenticate: Bearer realm="SCIM"', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const schemes: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      { authorization: `Token ${token}` },
    ];
    for (const headers of schemes) {
      const r = await k.scim(null, 'GET', '/Users', undefined, headers);
      expect(r.status).toBe(401);
      expect(r.response.headers.get('www-authenticate')).toBe('Bearer realm="SCIM"');
      expect(r.response.headers.get('content-type')).toBe('application/scim+json');
      expect(r.data).toMatchObject({ schemas: [ERROR], status: '401' });
    }
  });

  it('401 before any body validation: a missing token with a valid, an invalid, a malformed body or another media type', async () => {
    const k = await scimSetup(clients);
    await k.tenant();
    expect((await k.scim(null, 'POST', '/Users', { schemas: [USER], userName: 'valid@example.com' })).status).toBe(401);
    expect((await k.scim(null, 'POST', '/Users', { nope: true })).status).toBe(401);
    expect((await k.scim(null, 'POST', '/Users', '{not json')).status).toBe(401);
    expect((await k.scim(null, 'POST', '/Users', 'x', { 'content-type': 'text/plain' })).status).toBe(401);
    expect((await k.scim(null, 'PATCH', '/Users/x', { Operations: [] })).status).toBe(401);
  });

  it('400 invalidSyntax for malformed JSON; 415 for another media type; application/json accepted', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const bad = await k.scim(token, 'POST', '/Users', '{"schemas": [');
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });
    const media = await k.scim(token, 'POST', '/Users', 'userName=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(media.status).toBe(415);
    expect(media.data).toMatchObject({ schemas: [ERROR], status: '415' });
    expect(media.response.headers.get('content-type')).toBe('application/scim+json');
    const json = await k.scim(
      token,
      'POST',
      '/Users',
      { schemas: [USER], userName: 'plainjson@example.com' },
      { 'content-type': 'application/json; charset=utf-8' },
    );
    expect(json.status).toBe(201);
  });

  it('413 for a body over 1 MB, with or without Content-Length', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const big = JSON.stringify({ schemas: [USER], userName: 'big@example.com', displayName: 'x'.repeat(1_100_000) });
    const r = await k.scim(token, 'POST', '/Users', big);
    expect(r.status).toBe(413);
    expect(r.data).toMatchObject({ schemas: [ERROR], status: '413' });
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 12; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(100_000)));
        controller.close();
      },
    });
    const ctx = await k.t.auth.context();
    const streamed = await k.t.auth.handler(
      new Request(`${k.t.baseURL}${ctx.basePath}/scim/v2/Users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it('400 invalidValue: no userName, an unknown schema, PATCH without the PatchOp schema, a non-boolean active', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'iv@example.com' });
    const cases = [
      await k.scim(token, 'POST', '/Users', { schemas: [USER], emails: [{ value: 'x@example.com' }] }),
      await k.scim(token, 'POST', '/Users', { schemas: [USER, 'urn:example:unknown'], userName: 'y@example.com' }),
      await k.scim(token, 'POST', '/Users', { schemas: ['urn:example:unknown'], userName: 'y@example.com' }),
      await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'z@example.com', active: 'yes' }),
      await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'z@example.com', active: 1 }),
      await k.scim(token, 'PUT', `/Users/${u.id}`, { schemas: [USER], userName: 'iv@example.com', active: 'maybe' }),
      await k.scim(token, 'PATCH', `/Users/${u.id}`, { Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] }),
      await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: 'perhaps' }] }),
      await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'move', path: 'displayName', value: 'x' }] }),
    ];
    for (const r of cases) {
      expect(r.status, JSON.stringify(r.data)).toBe(400);
      expect(r.data).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
    }
  });

  it('400 mutability: PATCH of id, meta or schemas', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'mut@example.com' });
    for (const op of [
      { op: 'replace', path: 'id', value: 'other' },
      { op: 'replace', path: 'meta.created', value: '2020-01-01T00:00:00Z' },
      { op: 'add', path: 'schemas', value: ['urn:x'] },
      { op: 'replace', value: { id: 'other' } },
      { op: 'remove', path: 'meta' },
    ]) {
      const r = await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [op] });
      expect(r.status, JSON.stringify(op)).toBe(400);
      expect(r.data).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'mutability' });
    }
    expect((await k.scim(token, 'GET', `/Users/${u.id}`)).data.id).toBe(u.id);
  });

  it('400 invalidPath for a PATCH path that cannot be followed, noTarget for a remove without a path', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'path@example.com' });
    const bad = await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'name[', value: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidPath' });
    const pathless = await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'remove' }] });
    expect(pathless.status).toBe(400);
    expect(pathless.data.scimType).toBe('noTarget');
  });

  it('409 uniqueness: userName in any case, externalId, an email any account has (a plain sign-up too)', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    await k.createUser(token, { userName: 'Taken@example.com', externalId: 'ext-1' });
    const outsider = await k.person('outsider');
    const cases = [
      await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'TAKEN@EXAMPLE.COM', emails: [{ value: 'other1@example.com' }] }),
      await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'new1@example.com', externalId: 'ext-1' }),
      await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'new2@example.com', emails: [{ value: 'taken@example.com', primary: true }] }),
      await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: outsider.email.toUpperCase() }),
    ];
    for (const r of cases) {
      expect(r.status, JSON.stringify(r.data)).toBe(409);
      expect(r.data).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    }
    const other = await k.createUser(token, { userName: 'free@example.com' });
    const put = await k.scim(token, 'PUT', `/Users/${other.id}`, { schemas: [USER], userName: 'free@example.com', emails: [{ value: outsider.email }] });
    expect(put.status).toBe(409);
    const patched = await k.scim(token, 'PATCH', `/Users/${other.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'userName', value: 'taken@EXAMPLE.com' }],
    });
    expect(patched.status).toBe(409);
    expect(await k.ctx.adapter.count('user', [{ field: 'email', value: outsider.email }])).toBe(1);
  });

  it('two racing creates of one userName (other emails) or one group name: one 201, the other 409, never a 500', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const users = await Promise.all(
      [1, 2, 3].map((n) => k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'race@example.com', emails: [{ value: `race${n}@example.com` }] })),
    );
    expect(users.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const groups = await Promise.all(
      [1, 2].map(() => k.scim(token, 'POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Racers' })),
    );
    expect(groups.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await k.scim(token, 'GET', '/Users')).data.totalResults).toBe(1);
  });

  it('404 for an unknown path; 405 for a method a resource does not take; answers are application/scim+json', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    for (const path of ['/Printers', '/Users/a/b', '', 'x']) {
      const r = await k.t.request(`/scim/v2${path}`, { headers: { authorization: `Bearer ${token}` }, jar: null });
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toBe('application/scim+json');
      expect(await r.json()).toMatchObject({ schemas: [ERROR], status: '404' });
    }
    const put = await k.scim(token, 'PUT', '/Users', { schemas: [USER], userName: 'x@example.com' });
    expect(put.status).toBe(405);
    expect(put.data).toMatchObject({ schemas: [ERROR], status: '405' });
  });
});
