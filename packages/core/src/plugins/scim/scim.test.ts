import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test/harness.js';
import { ERROR, LIST, PATCH, scimSetup, USER } from './test-kit.js';

const clients = useTestClients();

describe('scim: smoke', () => {
  it('creates, gets, lists, patches and deletes a user', async () => {
    const k = await scimSetup(clients);
    const { token, organizationId } = await k.tenant();
    const u = await k.createUser(token, { userName: 'Ann@Example.com', name: { givenName: 'Ann', familyName: 'Lee' }, externalId: 'x1' });
    expect(u).toMatchObject({ schemas: [USER], userName: 'Ann@Example.com', active: true, emails: [{ value: 'ann@example.com', primary: true }] });
    const got = await k.scim(token, 'GET', `/Users/${u.id}`);
    expect(got.status).toBe(200);
    const list = await k.scim(token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "ann@EXAMPLE.com"')}`);
    expect(list.data).toMatchObject({ schemas: [LIST], totalResults: 1 });
    const p = await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(p.status, JSON.stringify(p.data)).toBe(200);
    expect(p.data.active).toBe(false);
    expect(await k.memberRole(organizationId, await k.userIdOf(u.id))).toBeNull();
    const d = await k.scim(token, 'DELETE', `/Users/${u.id}`);
    expect(d.status).toBe(204);
    const again = await k.scim(token, 'GET', `/Users/${u.id}`);
    expect(again.status).toBe(404);
    expect(again.data.schemas).toEqual([ERROR]);
  });
});
