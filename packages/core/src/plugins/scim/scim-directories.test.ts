import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { ENTERPRISE, GROUP, LIST, PATCH, scimSetup, USER } from './test-kit.js';

// The request sequences Okta's and Microsoft Entra ID's provisioning send, as their SCIM guides
// document them (Okta "SCIM 2.0 protocol reference"; Microsoft "Develop and plan provisioning for
// a SCIM endpoint"): the same bodies, casings and value shapes.

const clients = useTestClients();
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

describe('scim: Okta', () => {
  it('users: look up, create, get, replace, deactivate, reactivate', async () => {
    const k = await scimSetup(clients);
    const { token, organizationId } = await k.tenant('okta');
    const lookup = await k.scim(token, 'GET', `/Users?${q('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    expect(lookup.data).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    const created = await k.scim(token, 'POST', '/Users', {
      schemas: [USER],
      userName: 'test.user@okta.local',
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = created.data.id as string;
    expect(created.data).toMatchObject({ userName: 'test.user@okta.local', externalId: '00ujl29u0le5T6Aj10h7', locale: 'en-US', active: true });
    expect(created.data).not.toHaveProperty('password');
    // Okta's password is not taken: the person sets one through the reset flow (or signs in by SSO).
    expect((await k.signIn('test.user@okta.local', '1mz050nq')).status).toBe(401);
    const found = await k.scim(token, 'GET', `/Users?${q('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    expect(found.data.totalResults).toBe(1);
    expect(found.data.Resources[0].id).toBe(id);
    expect((await k.scim(token, 'GET', `/Users/${id}`)).data.displayName).toBe('Test User');
    const replaced = await k.scim(token, 'PUT', `/Users/${id}`, {
      schemas: [USER],
      id,
      userName: 'test.user@okta.local',
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
      displayName: 'Another User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(replaced.status, JSON.stringify(replaced.data)).toBe(200);
    expect(replaced.data.name).toMatchObject({ givenName: 'Another' });
    const userId = await k.userIdOf(id);
    const off = await k.scim(token, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status).toBe(200);
    expect(off.data.active).toBe(false);
    expect(await k.memberRole(organizationId, userId)).toBeNull();
    const on = await k.scim(token, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.data.active).toBe(true);
    expect(await k.memberRole(organizationId, userId)).toBe('member');
  });

  it('groups: create, find, rename, add and remove members, replace, delete', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant('okta');
    const user = await k.createUser(token, { userName: 'member.one@okta.local', displayName: 'Member One' });
    const created = await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Test SCIMv2', members: [] });
    expect(created.status).toBe(201);
    const id = created.data.id as string;
    const found = await k.scim(token, 'GET', `/Groups?${q('displayName eq "Test SCIMv2"')}&startIndex=1&count=100`);
    expect(found.data.Resources.map((g: { id: string }) => g.id)).toEqual([id]);
    const renamed = await k.scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id, displayName: 'Test SCIMv2 renamed' } }],
    });
    expect(renamed.status, JSON.stringify(renamed.data)).toBe(200);
    expect(renamed.data.displayName).toBe('Test SCIMv2 renamed');
    const added = await k.scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: user.id, display: 'member.one@okta.local' }] }],
    });
    expect(added.data.members).toEqual([expect.objectContaining({ value: user.id, display: 'Member One', type: 'User' })]);
    const removed = await k.scim(token, 'PATCH', `/Groups/${id}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${user.id}"]` }] });
    expect(removed.data.members).toEqual([]);
    const put = await k.scim(token, 'PUT', `/Groups/${id}`, {
      schemas: [GROUP],
      id,
      displayName: 'Test SCIMv2',
      members: [{ value: user.id, display: 'member.one@okta.local' }],
    });
    expect(put.data.members.map((m: { value: string }) => m.value)).toEqual([user.id]);
    expect((await k.scim(token, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await k.scim(token, 'GET', `/Users/${user.id}`)).status).toBe(200);
  });
});

describe('scim: Microsoft Entra ID', () => {
  it('users: look up, create with the Enterprise extension, get, filter, patch (Entra casing), disable with "False", delete', async () => {
    const k = await scimSetup(clients);
    const { token, organizationId } = await k.tenant('entra');
    const userName = 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@testuser.com';
    const email = 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com';
    expect((await k.scim(token, 'GET', `/Users?${q(`userName eq "${userName}"`)}`)).data.totalResults).toBe(0);
    const created = await k.scim(
      token,
      'POST',
      '/Users',
      {
        schemas: [USER, ENTERPRISE],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName,
        active: true,
        emails: [{ primary: true, type: 'work', value: email }],
        meta: { resourceType: 'User' },
        name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
        roles: [],
        [ENTERPRISE]: { department: 'Engineering', employeeNumber: '42' },
      },
      { 'content-type': 'application/scim+json' },
    );
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = created.data.id as string;
    expect(created.data).toMatchObject({ schemas: [USER, ENTERPRISE], userName, [ENTERPRISE]: { department: 'Engineering', employeeNumber: '42' } });
    expect(created.data.emails).toEqual([{ primary: true, type: 'work', value: email.toLowerCase() }]);
    expect((await k.scim(token, 'GET', `/Users/${id}`)).data.id).toBe(id);
    const byName = await k.scim(token, 'GET', `/Users?${q(`userName eq "${userName.toUpperCase()}"`)}`);
    expect(byName.data.Resources.map((u: { id: string }) => u.id)).toEqual([id]);
    const patched = await k.scim(token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Sales' },
      ],
    });
    expect(patched.status, JSON.stringify(patched.data)).toBe(200);
    expect(patched.data.emails[0].value).toBe('updatedemail@microsoft.com');
    expect(patched.data.name.familyName).toBe('updatedFamilyName');
    expect(patched.data[ENTERPRISE].department).toBe('Sales');
    const password = await k.setPassword('updatedemail@microsoft.com');
    const jar = k.t.newJar();
    expect((await k.signIn('updatedemail@microsoft.com', password, jar)).status).toBe(200);
    const disabled = await k.scim(token, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(disabled.status, JSON.stringify(disabled.data)).toBe(200);
    expect(disabled.data.active).toBe(false);
    expect((await k.t.json('/get-session', { jar })).data).toBeNull();
    expect((await k.signIn('updatedemail@microsoft.com', password)).status).toBe(403);
    expect(await k.memberRole(organizationId, await k.userIdOf(id))).toBeNull();
    const enabled = await k.scim(token, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(enabled.data.active).toBe(true);
    expect((await k.signIn('updatedemail@microsoft.com', password)).status).toBe(200);
    expect((await k.scim(token, 'DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await k.scim(token, 'GET', `/Users/${id}`)).status).toBe(404);
  });

  it('groups: create, get without members, filter, add and remove a member, rename, delete', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant('entra');
    const user = await k.createUser(token, { userName: 'entra.member@testuser.com' });
    const created = await k.scim(token, 'POST', '/Groups', {
      schemas: [GROUP],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'displayName',
      meta: { resourceType: 'Group' },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = created.data.id as string;
    expect(created.data.externalId).toBe('8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159');
    const got = await k.scim(token, 'GET', `/Groups/${id}?excludedAttributes=members`);
    expect(got.data).not.toHaveProperty('members');
    expect(got.data.displayName).toBe('displayName');
    const filtered = await k.scim(token, 'GET', `/Groups?excludedAttributes=members&${q('displayName eq "displayName"')}`);
    expect(filtered.data.totalResults).toBe(1);
    const add = await k.scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect(add.status, JSON.stringify(add.data)).toBe(200);
    expect(add.data.members.map((m: { value: string }) => m.value)).toEqual([user.id]);
    const remove = await k.scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect(remove.status, JSON.stringify(remove.data)).toBe(200);
    expect(remove.data.members).toEqual([]);
    const rename = await k.scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'displayName', value: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' }],
    });
    expect(rename.data.displayName).toBe('1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName');
    expect((await k.scim(token, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await k.scim(token, 'GET', `/Groups/${id}`)).status).toBe(404);
  });
});
