import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, useTestClients } from '../../test-kit.js';
import { ORGANIZATION_ERRORS } from './errors.js';

// Custom roles (dynamic access control, CONTRACT.md "Teams and custom roles"), over HTTP.

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
type Data = any;

const clients = useTestClients();
const ROLES: GatehouseOptions = { organization: { dynamicAccessControl: { enabled: true } } };

async function setup(options: GatehouseOptions = ROLES) {
  const { t } = await clients.openWithMail(options);
  const person = async (name: string): Promise<Person> => {
    const jar = t.newJar();
    const email = `${name}@example.com`;
    const { data } = await t.signUp({ name, email }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  const post = (who: Person | null, path: string, body: unknown = {}) => t.json<Data>(`/organization${path}`, { body, jar: who ? who.jar : null });
  const get = (who: Person | null, path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return t.json<Data>(`/organization${path}${qs ? `?${qs}` : ''}`, { jar: who ? who.jar : null });
  };
  const join = async (inviter: Person, who: Person, organizationId: string, role: string) => {
    const invited = await post(inviter, '/invite-member', { email: who.email, role, organizationId });
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);
    const accepted = await post(who, '/accept-invitation', { invitationId: invited.data.id });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    return accepted.data.member as { id: string };
  };
  /** An organization with an owner, an admin and a plain member. */
  const org = async (slug = 'acme') => {
    const owner = await person(`owner-${slug}`);
    const admin = await person(`admin-${slug}`);
    const member = await person(`member-${slug}`);
    const created = await post(owner, '/create', { name: `Org ${slug}`, slug });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const organization = created.data as { id: string; members: { id: string }[] };
    const adminMember = await join(owner, admin, organization.id, 'admin');
    const plainMember = await join(owner, member, organization.id, 'member');
    return { owner, admin, member, org: organization, adminMemberId: adminMember.id, memberMemberId: plainMember.id };
  };
  const can = async (who: Person, permissions: Record<string, string[]>) => (await post(who, '/has-permission', { permissions })).data.success as boolean;
  return { t, person, post, get, join, org, can };
}

function expectOrgError(res: { status: number; data: unknown }, status: number, code: keyof typeof ORGANIZATION_ERRORS): void {
  expect(res.status, JSON.stringify(res.data)).toBe(status);
  expect(res.data).toEqual({ code, message: ORGANIZATION_ERRORS[code] });
}

describe('custom roles: create-role', () => {
  it('creates a role (name in lower case, permission an object) for ac:create', async () => {
    const { post, org } = await setup();
    const { owner, org: acme } = await org();
    const res = await post(owner, '/create-role', { role: 'Editor', permission: { member: ['update'], invitation: ['create', 'create'] } });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({
      success: true,
      roleData: {
        id: expect.any(String),
        organizationId: acme.id,
        role: 'editor',
        permission: { member: ['update'], invitation: ['create'] },
        createdAt: expect.any(String),
      },
      statements: { member: ['update'], invitation: ['create'] },
    });
  });

  it('refuses built-in names in any case, a taken name, an unknown resource, no organization, no session', async () => {
    const { person, post, org } = await setup();
    const { owner, org: acme } = await org();
    for (const role of ['admin', 'Owner', 'MEMBER']) {
      expectOrgError(await post(owner, '/create-role', { role, permission: { member: ['update'] } }), 400, 'ROLE_NAME_IS_ALREADY_TAKEN');
    }
    expect((await post(owner, '/create-role', { role: 'editor', permission: {} })).status).toBe(200);
    expectOrgError(await post(owner, '/create-role', { role: 'EDITOR', permission: {} }), 400, 'ROLE_NAME_IS_ALREADY_TAKEN');
    expectOrgError(await post(owner, '/create-role', { role: 'spy', permission: { billing: ['read'] } }), 400, 'INVALID_RESOURCE');
    expect((await post(owner, '/create-role', { role: 'a,b', permission: {} })).status).toBe(400);
    expect((await post(owner, '/create-role', { role: 'x', permission: { member: 'update' } })).status).toBe(400);
    const loner = await person('loner');
    expectOrgError(await post(loner, '/create-role', { role: 'x', permission: {} }), 400, 'YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE');
    expectOrgError(await post(loner, '/create-role', { role: 'x', permission: {}, organizationId: acme.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expect((await post(null, '/create-role', { role: 'x', permission: {}, organizationId: acme.id })).status).toBe(401);
  });

  it('refuses a member without ac:create, and a role granting what its creator lacks', async () => {
    const { post, org } = await setup();
    const { admin, member } = await org();
    expectOrgError(await post(member, '/create-role', { role: 'x', permission: { ac: ['read'] } }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
    // An admin holds all but organization:delete: a role with it would be above them.
    expectOrgError(
      await post(admin, '/create-role', { role: 'deleter', permission: { organization: ['delete'] } }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
    );
    expectOrgError(await post(admin, '/create-role', { role: 'odd', permission: { member: ['impersonate'] } }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
    expect((await post(admin, '/create-role', { role: 'helper', permission: { organization: ['update'], team: ['create'] } })).status).toBe(200);
  });

  it('treats names like __proto__ and constructor as plain role names', async () => {
    const { post, org, can } = await setup();
    const { owner, member, memberMemberId } = await org();
    for (const role of ['__proto__', 'constructor']) {
      expect((await post(owner, '/create-role', { role, permission: { team: ['create'] } })).data.roleData.role).toBe(role);
    }
    expect((await post(owner, '/update-member-role', { memberId: memberMemberId, role: '__proto__' })).status).toBe(200);
    expect(await can(member, { team: ['create'] })).toBe(true);
    expect(await can(member, { ac: ['read'] })).toBe(false);
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'constructor' });
    expect(await can(member, { team: ['create'] })).toBe(true);
  });

  it('refuses a role beyond dynamicAccessControl.maximumRolesPerOrganization', async () => {
    const { post, org } = await setup({ organization: { dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: 1 } } });
    const { owner } = await org();
    expect((await post(owner, '/create-role', { role: 'one', permission: {} })).status).toBe(200);
    expectOrgError(await post(owner, '/create-role', { role: 'two', permission: {} }), 400, 'TOO_MANY_ROLES');
  });
});

describe('custom roles: list-roles and get-role', () => {
  it('lists and reads the organization’s roles for ac:read (a plain member too), not for outsiders', async () => {
    const { person, post, get, org } = await setup();
    const { owner, member, org: acme } = await org();
    const created = (await post(owner, '/create-role', { role: 'editor', permission: { member: ['update'] } })).data.roleData;
    const listed = await get(member, '/list-roles');
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([expect.objectContaining({ id: created.id, role: 'editor', organizationId: acme.id, permission: { member: ['update'] } })]);
    expect((await get(member, '/get-role', { roleName: 'Editor' })).data).toMatchObject({ id: created.id, permission: { member: ['update'] } });
    expect((await get(member, '/get-role', { roleId: created.id })).data.role).toBe('editor');
    expectOrgError(await get(member, '/get-role', { roleName: 'nope' }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await get(member, '/get-role', { roleName: 'admin' }), 400, 'ROLE_NOT_FOUND');
    expect((await get(member, '/get-role')).status).toBe(400);
    const outsider = await person('outsider');
    expectOrgError(await get(outsider, '/list-roles', { organizationId: acme.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expectOrgError(await get(outsider, '/get-role', { roleId: created.id, organizationId: acme.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expectOrgError(await get(outsider, '/list-roles'), 400, 'NO_ACTIVE_ORGANIZATION');
  });

  it('refuses list and get to a custom role without ac:read', async () => {
    const { post, get, org } = await setup();
    const { owner, member, memberMemberId } = await org();
    await post(owner, '/create-role', { role: 'blind', permission: {} });
    expect((await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'blind' })).status).toBe(200);
    expectOrgError(await get(member, '/list-roles'), 403, 'YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE');
    expectOrgError(await get(member, '/get-role', { roleName: 'blind' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE');
  });
});

describe('custom roles: assignment and enforcement', () => {
  it('update-member-role takes the organization’s roles; every route enforces their statements', async () => {
    const { person, post, get, org, can } = await setup();
    const { owner, member, memberMemberId } = await org();
    await post(owner, '/create-role', { role: 'inviter', permission: { invitation: ['create'], ac: ['read'] } });
    expectOrgError(
      await post(member, '/invite-member', { email: 'x@example.com', role: 'member' }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    );
    const updated = await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'inviter' });
    expect(updated.status).toBe(200);
    expect(updated.data.role).toBe('inviter');
    expect(await get(member, '/get-active-member-role')).toMatchObject({ status: 200, data: { role: 'inviter' } });
    expect(await can(member, { invitation: ['create'] })).toBe(true);
    expect(await can(member, { invitation: ['cancel'] })).toBe(false);
    expect((await post(member, '/invite-member', { email: 'x@example.com', role: 'member' })).status).toBe(200);
    // Invited with the custom role, accepted with it.
    const zed = await person('zed');
    const inv = await post(owner, '/invite-member', { email: zed.email, role: 'inviter' });
    expect(inv.status).toBe(200);
    expect((await post(zed, '/accept-invitation', { invitationId: inv.data.id })).data.member.role).toBe('inviter');
  });

  it('refuses unknown, deleted and other organizations’ roles', async () => {
    const { post, org } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    await post(b.owner, '/create-role', { role: 'globex-only', permission: {} });
    expectOrgError(await post(a.owner, '/update-member-role', { memberId: a.memberMemberId, role: 'globex-only' }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(a.owner, '/update-member-role', { memberId: a.memberMemberId, role: 'nope' }), 400, 'ROLE_NOT_FOUND');
    await post(a.owner, '/create-role', { role: 'temp', permission: {} });
    expect((await post(a.owner, '/delete-role', { roleName: 'temp' })).status).toBe(200);
    expectOrgError(await post(a.owner, '/update-member-role', { memberId: a.memberMemberId, role: 'temp' }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(a.owner, '/invite-member', { email: 'y@example.com', role: 'temp' }), 400, 'ROLE_NOT_FOUND');
  });

  it('nobody but an owner hands out a custom role granting more than they hold (no escalation by assignment)', async () => {
    const { post, org, can } = await setup();
    const { owner, admin, adminMemberId, memberMemberId } = await org();
    await post(owner, '/create-role', { role: 'superuser', permission: { organization: ['update', 'delete'], member: ['update'] } });
    expectOrgError(await post(admin, '/update-member-role', { memberId: adminMemberId, role: 'superuser' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expectOrgError(await post(admin, '/update-member-role', { memberId: memberMemberId, role: 'superuser' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expectOrgError(
      await post(admin, '/invite-member', { email: 'accomplice@example.com', role: 'superuser' }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
    );
    expect(await can(admin, { organization: ['delete'] })).toBe(false);
    // The owner may.
    expect((await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'superuser' })).status).toBe(200);
  });

  it('someone given member:update by a custom role cannot make themselves (or anyone) admin', async () => {
    const { post, org, can } = await setup();
    const { owner, member, memberMemberId, adminMemberId } = await org();
    await post(owner, '/create-role', { role: 'hr', permission: { member: ['update'], ac: ['read'] } });
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'hr' });
    expectOrgError(await post(member, '/update-member-role', { memberId: memberMemberId, role: 'admin' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expect(await can(member, { organization: ['update'] })).toBe(false);
    // Within their own: the admin may be made a plain member (an owner's rule aside, nothing above hr is given).
    expect((await post(member, '/update-member-role', { memberId: adminMemberId, role: 'member' })).status).toBe(200);
  });
});

describe('custom roles: update-role', () => {
  it('changes permission (effective at once) and name (members follow)', async () => {
    const { post, get, org, can } = await setup();
    const { owner, member, memberMemberId } = await org();
    const created = (await post(owner, '/create-role', { role: 'editor', permission: { ac: ['read'] } })).data.roleData;
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'editor' });
    expect(await can(member, { team: ['create'] })).toBe(false);
    const res = await post(owner, '/update-role', { roleName: 'editor', data: { permission: { ac: ['read'], team: ['create'] } } });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ success: true, roleData: { id: created.id, role: 'editor', permission: { ac: ['read'], team: ['create'] } } });
    expect(await can(member, { team: ['create'] })).toBe(true);

    const renamed = await post(owner, '/update-role', { roleId: created.id, data: { roleName: 'Writer' } });
    expect(renamed.data.roleData.role).toBe('writer');
    expect((await get(member, '/get-active-member-role')).data.role).toBe('writer');
    expect(await can(member, { team: ['create'] })).toBe(true);
  });

  it('refuses built-in and taken names, unknown roles and resources, and callers without ac:update', async () => {
    const { post, org } = await setup();
    const { owner, member } = await org();
    await post(owner, '/create-role', { role: 'editor', permission: {} });
    await post(owner, '/create-role', { role: 'viewer', permission: {} });
    expectOrgError(await post(owner, '/update-role', { roleName: 'editor', data: { roleName: 'Admin' } }), 400, 'ROLE_NAME_IS_ALREADY_TAKEN');
    expectOrgError(await post(owner, '/update-role', { roleName: 'editor', data: { roleName: 'viewer' } }), 400, 'ROLE_NAME_IS_ALREADY_TAKEN');
    expectOrgError(await post(owner, '/update-role', { roleName: 'nope', data: { permission: {} } }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(owner, '/update-role', { roleName: 'editor', data: { permission: { billing: ['x'] } } }), 400, 'INVALID_RESOURCE');
    expectOrgError(await post(member, '/update-role', { roleName: 'editor', data: { permission: {} } }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE');
    expect((await post(owner, '/update-role', { data: { permission: {} } })).status).toBe(400);
  });

  it('refuses escalation through update-role: a permission the caller lacks, even on their own role', async () => {
    const { post, org, can } = await setup();
    const { owner, admin, member, memberMemberId } = await org();
    await post(owner, '/create-role', { role: 'rolemaster', permission: { ac: ['create', 'read', 'update'] } });
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'rolemaster' });
    expectOrgError(
      await post(member, '/update-role', { roleName: 'rolemaster', data: { permission: { ac: ['create', 'read', 'update'], member: ['delete'] } } }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE',
    );
    expect(await can(member, { member: ['delete'] })).toBe(false);
    expectOrgError(
      await post(admin, '/update-role', { roleName: 'rolemaster', data: { permission: { organization: ['delete'] } } }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE',
    );
    // Nor by making a role of their own and taking it: create-role holds the same line.
    expectOrgError(await post(member, '/create-role', { role: 'boss', permission: { member: ['delete'] } }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
  });
});

describe('custom roles: delete-role', () => {
  it('deletes an unused role for ac:delete; refuses one in use, a built-in one, and a member', async () => {
    const { person, post, get, org } = await setup();
    const { owner, member, memberMemberId } = await org();
    const used = (await post(owner, '/create-role', { role: 'used', permission: {} })).data.roleData;
    await post(owner, '/create-role', { role: 'unused', permission: {} });
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'member,used' });
    expectOrgError(await post(owner, '/delete-role', { roleId: used.id }), 400, 'ROLE_IS_ASSIGNED_TO_MEMBERS');
    expectOrgError(await post(owner, '/delete-role', { roleName: 'Admin' }), 400, 'CANNOT_DELETE_A_PRE_DEFINED_ROLE');
    expectOrgError(await post(member, '/delete-role', { roleName: 'unused' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE');
    expectOrgError(await post(owner, '/delete-role', { roleName: 'nope' }), 400, 'ROLE_NOT_FOUND');

    // A pending invitation with a role deleted since cannot be accepted.
    const vic = await person('vic');
    const inv = await post(owner, '/invite-member', { email: vic.email, role: 'unused' });
    expect(await post(owner, '/delete-role', { roleName: 'unused' })).toMatchObject({ status: 200, data: { success: true } });
    expectOrgError(await get(owner, '/get-role', { roleName: 'unused' }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(vic, '/accept-invitation', { invitationId: inv.data.id }), 400, 'ROLE_NOT_FOUND');

    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'member' });
    expect((await post(owner, '/delete-role', { roleName: 'used' })).status).toBe(200);
  });
});

describe('custom roles: tenancy and options', () => {
  it('a member of org A cannot read, change or delete org B’s roles by id', async () => {
    const { post, get, org } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    const secret = (await post(b.owner, '/create-role', { role: 'secret', permission: { member: ['update'] } })).data.roleData;
    expectOrgError(await get(a.owner, '/get-role', { roleId: secret.id }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(a.owner, '/update-role', { roleId: secret.id, data: { permission: {} } }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(a.owner, '/delete-role', { roleId: secret.id }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(
      await post(a.owner, '/update-role', { roleId: secret.id, organizationId: b.org.id, data: { permission: {} } }),
      403,
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    );
    expectOrgError(await post(a.owner, '/delete-role', { roleId: secret.id, organizationId: b.org.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expect((await get(b.owner, '/get-role', { roleId: secret.id })).data.permission).toEqual({ member: ['update'] });
  });

  it('custom statements open the team routes too (both options on)', async () => {
    const { post, org } = await setup({ organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } } });
    const { owner, member, memberMemberId } = await org();
    expectOrgError(await post(member, '/create-team', { name: 'Ops' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION');
    await post(owner, '/create-role', { role: 'team-lead', permission: { team: ['create'] } });
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'team-lead' });
    expect((await post(member, '/create-team', { name: 'Ops' })).status).toBe(200);
  });

  it('the OpenAPI document describes the team and role routes when they are on', async () => {
    const { t } = await setup({ organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } } });
    const doc = (await t.json<Data>('/openapi.json')).data;
    expect(doc.paths['/api/auth/organization/create-role'].post).toBeDefined();
    expect(doc.paths['/api/auth/organization/get-role'].get).toBeDefined();
    expect(doc.paths['/api/auth/organization/set-active-team'].post).toBeDefined();
    expect(doc.paths['/api/auth/organization/list-user-invitations'].get).toBeDefined();
  });

  it('without the option the role routes are absent', async () => {
    const { post, get, org } = await setup({});
    const { owner } = await org();
    expect((await post(owner, '/create-role', { role: 'x', permission: {} })).status).toBe(404);
    expect((await get(owner, '/list-roles')).status).toBe(404);
  });
});
