import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { ERROR, GROUP, LIST, PATCH, scimSetup } from './test-kit.js';

const clients = useTestClients();

async function withUsers() {
  const k = await scimSetup(clients);
  const { token } = await k.tenant();
  const a = await k.createUser(token, { userName: 'ga@example.com', displayName: 'Grace A' });
  const b = await k.createUser(token, { userName: 'gb@example.com', displayName: 'Grace B' });
  return { k, token, a, b };
}

describe('scim: Groups', () => {
  it('POST /Groups → 201 + Location, members with $ref, display, type; GET answers the same', async () => {
    const { k, token, a } = await withUsers();
    const r = await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Engineering', members: [{ value: a.id }] });
    expect(r.status, JSON.stringify(r.data)).toBe(201);
    const location = `http://localhost:3000/api/auth/scim/v2/Groups/${r.data.id}`;
    expect(r.response.headers.get('location')).toBe(location);
    expect(r.response.headers.get('content-type')).toBe('application/scim+json');
    expect(r.data).toEqual({
      schemas: [GROUP],
      id: expect.any(String),
      displayName: 'Engineering',
      members: [{ value: a.id, $ref: `http://localhost:3000/api/auth/scim/v2/Users/${a.id}`, display: 'Grace A', type: 'User' }],
      meta: { resourceType: 'Group', created: expect.any(String), lastModified: expect.any(String), location },
    });
    expect((await k.scim(token, 'GET', `/Groups/${r.data.id}`)).data).toEqual(r.data);
    expect((await k.scim(token, 'GET', '/Groups/nope')).status).toBe(404);
  });

  it('list with displayName eq (any case), paging, excludedAttributes=members', async () => {
    const { k, token, a } = await withUsers();
    const g1 = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Sales', members: [{ value: a.id }] })).data;
    await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Support' });
    const all = await k.scim(token, 'GET', '/Groups');
    expect(all.data).toMatchObject({ schemas: [LIST], totalResults: 2, itemsPerPage: 2 });
    const found = await k.scim(token, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "SALES"')}`);
    expect(found.data.Resources.map((g: { id: string }) => g.id)).toEqual([g1.id]);
    const slim = await k.scim(token, 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales"')}`);
    expect(slim.data.Resources[0]).not.toHaveProperty('members');
    expect(slim.data.Resources[0]).toMatchObject({ id: g1.id, displayName: 'Sales' });
    expect((await k.scim(token, 'GET', `/Groups?filter=${encodeURIComponent('displayName co "S"')}`)).data.scimType).toBe('invalidFilter');
  });

  it('PUT replaces the name and the members', async () => {
    const { k, token, a, b } = await withUsers();
    const g = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Ops', members: [{ value: a.id }] })).data;
    const r = await k.scim(token, 'PUT', `/Groups/${g.id}`, { schemas: [GROUP], displayName: 'Operations', members: [{ value: b.id }] });
    expect(r.status).toBe(200);
    expect(r.data.displayName).toBe('Operations');
    expect(r.data.members.map((m: { value: string }) => m.value)).toEqual([b.id]);
  });

  it('PATCH: add members, remove members[value eq "<id>"], Entra remove with a value list, rename, remove all', async () => {
    const { k, token, a, b } = await withUsers();
    const g = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Team' })).data;
    const patch = (Operations: unknown[]) => k.scim(token, 'PATCH', `/Groups/${g.id}`, { schemas: [PATCH], Operations });
    let r = await patch([{ op: 'add', path: 'members', value: [{ value: a.id }, { value: b.id }] }]);
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data.members.map((m: { value: string }) => m.value).sort()).toEqual([a.id, b.id].sort());
    r = await patch([{ op: 'remove', path: `members[value eq "${a.id}"]` }]);
    expect(r.data.members.map((m: { value: string }) => m.value)).toEqual([b.id]);
    r = await patch([{ op: 'Add', path: 'members', value: [{ value: a.id }] }]);
    r = await patch([{ op: 'Remove', path: 'members', value: [{ value: b.id }] }]);
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data.members.map((m: { value: string }) => m.value)).toEqual([a.id]);
    r = await patch([{ op: 'replace', value: { id: g.id, displayName: 'Team 2' } }]);
    expect(r.data.displayName).toBe('Team 2');
    r = await patch([{ op: 'remove', path: 'members' }]);
    expect(r.data.members).toEqual([]);
    r = await patch([{ op: 'add', path: 'members', value: [{ value: 'not-a-user' }] }]);
    expect(r.status).toBe(400);
    expect(r.data.scimType).toBe('invalidValue');
  });

  it('DELETE → 204; the group is gone, its users stay; a deleted user leaves its groups', async () => {
    const { k, token, a, b } = await withUsers();
    const g = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Temp', members: [{ value: a.id }, { value: b.id }] })).data;
    await k.scim(token, 'DELETE', `/Users/${b.id}`);
    expect((await k.scim(token, 'GET', `/Groups/${g.id}`)).data.members.map((m: { value: string }) => m.value)).toEqual([a.id]);
    const d = await k.scim(token, 'DELETE', `/Groups/${g.id}`);
    expect(d.status).toBe(204);
    expect(d.data).toBeNull();
    expect((await k.scim(token, 'GET', `/Groups/${g.id}`)).status).toBe(404);
    expect((await k.scim(token, 'GET', `/Users/${a.id}`)).status).toBe(200);
  });

  it('409 uniqueness for a displayName in any case; 400 invalidValue without one or with an unknown schema', async () => {
    const { k, token } = await withUsers();
    await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Finance' });
    const dup = await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'FINANCE' });
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    const other = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Legal' })).data;
    expect((await k.scim(token, 'PUT', `/Groups/${other.id}`, { schemas: [GROUP], displayName: 'finance' })).status).toBe(409);
    expect((await k.scim(token, 'POST', '/Groups', { schemas: [GROUP] })).data.scimType).toBe('invalidValue');
    expect((await k.scim(token, 'POST', '/Groups', { schemas: ['urn:x'], displayName: 'X' })).data.scimType).toBe('invalidValue');
  });
});
