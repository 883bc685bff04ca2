import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { ENTERPRISE, ERROR, LIST, PATCH, scimSetup, USER } from './test-kit.js';

const clients = useTestClients();
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

describe('scim: options', () => {
  it('is off unless enabled: no token route, no /scim/v2', async () => {
    const t = await clients.open();
    expect((await t.json('/scim/generate-token', { body: { providerId: 'p', organizationId: 'o' } })).status).toBe(404);
    expect((await t.request('/scim/v2/ServiceProviderConfig')).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.scim).toBe(false);
  });

  it('refuses to start without the organization plugin, saying why', async () => {
    await expect(clients.open({ scim: { enabled: true }, organization: { enabled: false } })).rejects.toThrow(/scim needs the organization plugin/);
  });

  it('refuses an unknown scim option at start, naming it', async () => {
    await expect(clients.open({ scim: { enabled: true, tokn: 'x' } as never })).rejects.toThrow(/scim\.tokn/);
  });
});

describe('scim: rate limits', () => {
  it("a directory's burst on /Users passes the default rule's 100 a window; the token route is tighter", async () => {
    const k = await scimSetup(clients, { rateLimit: { enabled: true } });
    const { owner, organizationId, token } = await k.tenant();
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) statuses.add((await k.scim(token, 'GET', '/Users?count=0')).status);
    expect([...statuses]).toEqual([200]);
    const tokens: number[] = [];
    for (let i = 0; i < 12; i++) tokens.push((await k.generateToken(owner, organizationId)).status);
    expect(tokens.slice(0, 9).every((s) => s === 201)).toBe(true);
    expect(tokens.at(-1)).toBe(429);
  });
});

describe('scim: POST /scim/generate-token', () => {
  it('gives an owner or admin a token (201); refuses a non-member, a plain member and no session', async () => {
    const k = await scimSetup(clients);
    const owner = await k.person('owner');
    const admin = await k.person('admin');
    const member = await k.person('member');
    const stranger = await k.person('stranger');
    const org = await k.organization(owner);
    await k.addMember(owner, admin, org, 'admin');
    await k.addMember(owner, member, org, 'member');
    const byOwner = await k.generateToken(owner, org);
    expect(byOwner.status).toBe(201);
    expect(Object.keys(byOwner.data)).toEqual(['scimToken']);
    expect(byOwner.data.scimToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await k.generateToken(admin, org, 'entra')).status).toBe(201);
    const byMember = await k.generateToken(member, org);
    expect(byMember.status).toBe(403);
    expect(byMember.data.message).toBe('Insufficient role for this operation');
    const byStranger = await k.generateToken(stranger, org);
    expect(byStranger.status).toBe(403);
    expect(byStranger.data.message).toBe('You are not a member of the organization');
    expect((await k.generateToken(null, org)).status).toBe(401);
    expect((await k.t.json('/scim/generate-token', { body: { providerId: 'okta' }, jar: owner.jar })).status).toBe(400);
    const german = await k.t.json<{ code: string; message: string }>('/scim/generate-token', {
      body: { providerId: 'okta', organizationId: org },
      jar: member.jar,
      headers: { 'accept-language': 'de' },
    });
    expect(german.data).toEqual({ code: 'INSUFFICIENT_ROLE', message: 'Ihre Rolle reicht für diesen Vorgang nicht aus' });
  });

  it('again for the same provider and organization: a new token, the old one 401, the same users and groups', async () => {
    const k = await scimSetup(clients);
    const { owner, organizationId, token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'keep@example.com' });
    const g = await k.scim(token, 'POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Keep', members: [{ value: u.id }] });
    expect(g.status).toBe(201);
    const again = await k.generateToken(owner, organizationId);
    expect(again.status).toBe(201);
    const fresh = again.data.scimToken as string;
    expect(fresh).not.toBe(token);
    const old = await k.scim(token, 'GET', '/Users');
    expect(old.status).toBe(401);
    expect((await k.scim(fresh, 'GET', `/Users/${u.id}`)).data.userName).toBe('keep@example.com');
    expect((await k.scim(fresh, 'GET', `/Groups/${g.data.id}`)).data.members).toHaveLength(1);
    const audit = await k.ctx.adapter.findMany<{ details: Record<string, unknown> }>('auditEvent', { where: [{ field: 'type', value: 'scim.token.created' }] });
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it('lists the connections (never a token) and revokes one: its token then 401', async () => {
    const k = await scimSetup(clients);
    const { owner, organizationId, token } = await k.tenant();
    const listed = await k.t.json<{ connections: unknown[] }>(`/scim/list-connections?organizationId=${organizationId}`, { jar: owner.jar });
    expect(listed.status).toBe(200);
    expect(listed.data.connections).toEqual([
      { providerId: 'okta', organizationId, createdAt: expect.any(String), endpoint: 'http://localhost:3000/api/auth/scim/v2', lastRequest: null },
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(token);
    await k.scim(token, 'GET', '/Users/unknown-id');
    const after = await k.t.json<{ connections: { lastRequest: unknown }[] }>(`/scim/list-connections?organizationId=${organizationId}`, { jar: owner.jar });
    expect(after.data.connections[0]!.lastRequest).toEqual({ at: expect.any(String), request: 'GET /Users/unknown-id', status: 404 });
    const revoked = await k.t.json('/scim/revoke-token', { body: { providerId: 'okta', organizationId }, jar: owner.jar });
    expect(revoked.data).toEqual({ success: true });
    expect((await k.scim(token, 'GET', '/Users')).status).toBe(401);
  });
});

describe('scim: discovery (no token needed)', () => {
  it('ServiceProviderConfig', async () => {
    const k = await scimSetup(clients);
    const r = await k.scim(null, 'GET', '/ServiceProviderConfig');
    expect(r.status).toBe(200);
    expect(r.response.headers.get('content-type')).toBe('application/scim+json');
    expect(r.data).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      filter: { supported: true, maxResults: 100 },
      bulk: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
      meta: { resourceType: 'ServiceProviderConfig', location: 'http://localhost:3000/api/auth/scim/v2/ServiceProviderConfig' },
    });
  });

  it('Schemas and Schemas/{id}: core User, Enterprise User, Group; userName required, caseExact false, uniqueness server', async () => {
    const k = await scimSetup(clients);
    const r = await k.scim(null, 'GET', '/Schemas');
    expect(r.data).toMatchObject({ schemas: [LIST], totalResults: 3, itemsPerPage: 3, startIndex: 1 });
    expect(r.data.Resources.map((s: { id: string }) => s.id)).toEqual([USER, ENTERPRISE, GROUP_SCHEMA]);
    const user = await k.scim(null, 'GET', `/Schemas/${USER}`);
    expect(user.status).toBe(200);
    expect(user.data.attributes.find((a: { name: string }) => a.name === 'userName')).toMatchObject({ required: true, caseExact: false, uniqueness: 'server' });
    expect((await k.scim(null, 'GET', '/Schemas/urn:nope')).status).toBe(404);
  });

  it('ResourceTypes and ResourceTypes/{id}', async () => {
    const k = await scimSetup(clients);
    const r = await k.scim(null, 'GET', '/ResourceTypes');
    expect(r.data.totalResults).toBe(2);
    const user = await k.scim(null, 'GET', '/ResourceTypes/User');
    expect(user.data).toMatchObject({ id: 'User', endpoint: '/Users', schema: USER, schemaExtensions: [{ schema: ENTERPRISE, required: false }] });
    expect((await k.scim(null, 'GET', '/ResourceTypes/Group')).data).toMatchObject({ endpoint: '/Groups', schema: GROUP_SCHEMA });
    const unknown = await k.scim(null, 'GET', '/ResourceTypes/Printer');
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ schemas: [ERROR], status: '404' });
    expect(unknown.response.headers.get('content-type')).toBe('application/scim+json');
  });
});

describe('scim: Users', () => {
  it('POST /Users → 201 with Location = meta.location, the User shape; the account has no password and is a member', async () => {
    const k = await scimSetup(clients);
    const { token, organizationId } = await k.tenant();
    const r = await k.scim(token, 'POST', '/Users', {
      schemas: [USER],
      userName: 'Jane.Doe@Example.com',
      externalId: 'okta-123',
      name: { givenName: 'Jane', familyName: 'Doe' },
      emails: [
        { value: 'JANE.HOME@example.com', type: 'home' },
        { value: 'Jane.Doe@Example.com', type: 'work' },
      ],
    });
    expect(r.status, JSON.stringify(r.data)).toBe(201);
    expect(r.response.headers.get('content-type')).toBe('application/scim+json');
    const location = `http://localhost:3000/api/auth/scim/v2/Users/${r.data.id}`;
    expect(r.response.headers.get('location')).toBe(location);
    expect(r.data).toEqual({
      schemas: [USER],
      id: expect.any(String),
      externalId: 'okta-123',
      userName: 'Jane.Doe@Example.com',
      name: { formatted: 'Jane Doe', givenName: 'Jane', familyName: 'Doe' },
      displayName: 'Jane Doe',
      emails: [
        { value: 'jane.home@example.com', type: 'home', primary: false },
        { value: 'jane.doe@example.com', type: 'work', primary: true },
      ],
      active: true,
      meta: { resourceType: 'User', created: expect.any(String), lastModified: expect.any(String), location },
    });
    const userId = await k.userIdOf(r.data.id);
    const user = await k.ctx.adapter.findOne<{ email: string; name: string }>('user', [{ field: 'id', value: userId }]);
    expect(user).toMatchObject({ email: 'jane.doe@example.com', name: 'Jane Doe' });
    expect(await k.memberRole(organizationId, userId)).toBe('member');
    const signIn = await k.signIn('jane.doe@example.com', 'any password at all');
    expect(signIn.status).toBe(401);
    expect(signIn.data.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const password = await k.setPassword('jane.doe@example.com');
    expect((await k.signIn('jane.doe@example.com', password)).status).toBe(200);
    const audit = await k.ctx.adapter.findMany('auditEvent', { where: [{ field: 'type', value: 'scim.user.created' }] });
    expect(audit).toHaveLength(1);
  });

  it('the primary email: the marked one, else work, else the first; displayName else name.formatted becomes the name', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const marked = await k.createUser(token, {
      userName: 'marked',
      displayName: 'Marked One',
      emails: [
        { value: 'm-work@example.com', type: 'work' },
        { value: 'm-primary@example.com', type: 'other', primary: true },
      ],
    });
    expect(marked.emails.find((e: { primary: boolean }) => e.primary).value).toBe('m-primary@example.com');
    const first = await k.createUser(token, {
      userName: 'first',
      name: { formatted: 'Dr First' },
      emails: [{ value: 'f1@example.com' }, { value: 'f2@example.com' }],
    });
    const account = await k.ctx.adapter.findOne<{ email: string; name: string }>('user', [{ field: 'id', value: await k.userIdOf(first.id) }]);
    expect(account).toMatchObject({ email: 'f1@example.com', name: 'Dr First' });
    const m = await k.ctx.adapter.findOne<{ name: string }>('user', [{ field: 'id', value: await k.userIdOf(marked.id) }]);
    expect(m!.name).toBe('Marked One');
  });

  it('needs an email: userName an email, or emails (else 400 invalidValue)', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const r = await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'no-email-here' });
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
  });

  it('GET /Users/{id}; unknown id → 404', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'get@example.com' });
    const r = await k.scim(token, 'GET', `/Users/${u.id}`);
    expect(r.status).toBe(200);
    expect(r.data).toEqual(u);
    const missing = await k.scim(token, 'GET', '/Users/nope');
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ schemas: [ERROR], status: '404' });
  });

  it('filters: userName (any case), externalId, id, emails.value, emails[type eq "work"].value, joined by and', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const a = await k.createUser(token, {
      userName: 'Alpha@example.com',
      externalId: 'ext-a',
      emails: [
        { value: 'alpha@example.com', type: 'work' },
        { value: 'alpha.home@example.com', type: 'home' },
      ],
    });
    const b = await k.createUser(token, { userName: 'beta@example.com', externalId: 'ext-b' });
    const find = async (filter: string) => {
      const r = await k.scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(r.status, JSON.stringify(r.data)).toBe(200);
      return r.data.Resources.map((u: { id: string }) => u.id);
    };
    expect(await find('userName eq "ALPHA@EXAMPLE.COM"')).toEqual([a.id]);
    expect(await find('externalId eq "ext-b"')).toEqual([b.id]);
    expect(await find('externalId eq "EXT-B"')).toEqual([]);
    expect(await find(`id eq "${a.id}"`)).toEqual([a.id]);
    expect(await find('emails.value eq "alpha.home@example.com"')).toEqual([a.id]);
    expect(await find('emails[type eq "work"].value eq "alpha@example.com"')).toEqual([a.id]);
    expect(await find('emails[type eq "work"].value eq "alpha.home@example.com"')).toEqual([]);
    expect(await find('userName eq "beta@example.com" and externalId eq "ext-b"')).toEqual([b.id]);
    expect(await find('userName eq "beta@example.com" and externalId eq "ext-a"')).toEqual([]);
    expect(await find('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "beta@example.com"')).toEqual([b.id]);
  });

  it('another operator or a malformed filter → 400 invalidFilter', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    for (const filter of [
      'userName co "a"',
      'userName sw "a"',
      'userName pr',
      'userName eq "a" or userName eq "b"',
      'userName eq',
      'userName eq "a',
      'nickName eq "x"',
      '((',
    ]) {
      const r = await k.scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(r.status, filter).toBe(400);
      expect(r.data, filter).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    }
  });

  it('pages: startIndex 1-based, count default and maximum 100, 0 → totals only, a stable order', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await k.createUser(token, { userName: `page${i}@example.com` })).id);
    const all = await k.scim(token, 'GET', '/Users');
    expect(all.data).toMatchObject({ schemas: [LIST], totalResults: 5, startIndex: 1, itemsPerPage: 5 });
    const order = all.data.Resources.map((u: { id: string }) => u.id);
    expect([...order].sort()).toEqual([...ids].sort());
    const p1 = await k.scim(token, 'GET', '/Users?startIndex=1&count=2');
    const p2 = await k.scim(token, 'GET', '/Users?startIndex=3&count=2');
    const p3 = await k.scim(token, 'GET', '/Users?startIndex=5&count=2');
    expect(p1.data).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    expect(p3.data).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    expect([...p1.data.Resources, ...p2.data.Resources, ...p3.data.Resources].map((u: { id: string }) => u.id)).toEqual(order);
    const totals = await k.scim(token, 'GET', '/Users?count=0');
    expect(totals.data).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    expect((await k.scim(token, 'GET', '/Users?count=1000')).data.itemsPerPage).toBe(5);
    expect((await k.scim(token, 'GET', '/Users?startIndex=0')).data.startIndex).toBe(1);
  });

  it('PUT /Users/{id}: a full replacement; the account email and name follow', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'put@example.com', externalId: 'ext-put', name: { givenName: 'Old', familyName: 'Name' } });
    const r = await k.scim(token, 'PUT', `/Users/${u.id}`, {
      schemas: [USER],
      userName: 'put2@example.com',
      name: { givenName: 'New', familyName: 'Name' },
      emails: [{ value: 'put2@example.com', type: 'work', primary: true }],
    });
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data).not.toHaveProperty('externalId');
    expect(r.data).toMatchObject({ userName: 'put2@example.com', displayName: 'New Name', name: { givenName: 'New', familyName: 'Name' } });
    const account = await k.ctx.adapter.findOne<{ email: string; name: string }>('user', [{ field: 'id', value: await k.userIdOf(u.id) }]);
    expect(account).toMatchObject({ email: 'put2@example.com', name: 'New Name' });
    expect((await k.scim(token, 'GET', `/Users?filter=${encodeURIComponent('externalId eq "ext-put"')}`)).data.totalResults).toBe(0);
  });

  it('PATCH /Users/{id}: ops in any case, paths, name.*, emails filter, a pathless object', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, {
      userName: 'patch@example.com',
      name: { givenName: 'P', familyName: 'Q' },
      emails: [{ value: 'patch@example.com', type: 'work', primary: true }],
    });
    const patch = (Operations: unknown[]) => k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations });
    let r = await patch([
      { op: 'Replace', path: 'name.givenName', value: 'Pat' },
      { op: 'ADD', path: 'externalId', value: 'ext-p' },
    ]);
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data).toMatchObject({ name: { givenName: 'Pat', familyName: 'Q' }, externalId: 'ext-p', displayName: 'Pat Q' });
    r = await patch([{ op: 'replace', path: 'emails[type eq "work"].value', value: 'Patched@Example.com' }]);
    expect(r.data.emails).toEqual([{ value: 'patched@example.com', type: 'work', primary: true }]);
    const account = await k.ctx.adapter.findOne<{ email: string }>('user', [{ field: 'id', value: await k.userIdOf(u.id) }]);
    expect(account!.email).toBe('patched@example.com');
    r = await patch([{ op: 'replace', value: { displayName: 'Pathless', 'name.familyName': 'Z', userName: 'patched@example.com' } }]);
    expect(r.data).toMatchObject({ displayName: 'Pathless', name: { familyName: 'Z' }, userName: 'patched@example.com' });
    r = await patch([{ op: 'remove', path: 'externalId' }]);
    expect(r.data).not.toHaveProperty('externalId');
    r = await patch([{ op: 'add', path: `${ENTERPRISE}:department`, value: 'Sales' }]);
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data[ENTERPRISE]).toEqual({ department: 'Sales' });
    expect(r.data.schemas).toEqual([USER, ENTERPRISE]);
  });

  it('PATCH adds a work email to a User created without emails; the account follows', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'bare@example.com' });
    const r = await k.scim(token, 'PATCH', `/Users/${u.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'Work@Example.com' }],
    });
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data.emails).toEqual([{ type: 'work', value: 'work@example.com', primary: true }]);
    const account = await k.ctx.adapter.findOne<{ email: string }>('user', [{ field: 'id', value: await k.userIdOf(u.id) }]);
    expect(account!.email).toBe('work@example.com');
  });

  it('POST /Users/.search answers as GET with the query in the body', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'searched@example.com' });
    await k.createUser(token, { userName: 'other@example.com' });
    const r = await k.scim(token, 'POST', '/Users/.search', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
      filter: 'userName eq "SEARCHED@example.com"',
      startIndex: 1,
      count: 10,
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ schemas: [LIST], totalResults: 1, Resources: [{ id: u.id }] });
    expect((await k.scim(token, 'POST', '/Users/.search', { filter: 'userName co "x"' })).data.scimType).toBe('invalidFilter');
  });
});
