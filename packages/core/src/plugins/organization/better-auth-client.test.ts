import { createAuthClient } from 'better-auth/client';
import { organizationClient } from 'better-auth/client/plugins';
import { describe, expect, it } from 'vitest';
import { browserFetch, type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';

/**
 * better-auth 1.7's own browser client with `organizationClient({ teams, dynamicAccessControl })`,
 * pointed at an in-process Gatehouse: its paths, methods and bodies, our answers and refusals
 * as an app reads them (`data`, `error.status`, `error.code`).
 */
const clients = useTestClients();

function browser(t: TestClient) {
  const jar: CookieJar = t.newJar();
  const customFetchImpl = browserFetch(t, jar);
  return createAuthClient({
    baseURL: `${t.baseURL}/api/auth`,
    fetchOptions: { customFetchImpl },
    plugins: [organizationClient({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } })],
  });
}

async function person(t: TestClient, name: string) {
  const client = browser(t);
  const signed = await client.signUp.email({ email: `${name}@example.com`, password: 'correct horse battery', name });
  expect(signed.error).toBeNull();
  return { client, userId: signed.data!.user.id, email: `${name}@example.com` };
}

describe("better-auth's organizationClient: teams and custom roles", () => {
  it('drives the team routes, the session’s activeTeamId and their refusals', async () => {
    const { t } = await clients.openWithMail({ organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } } });
    const owner = await person(t, 'owner');
    const bob = await person(t, 'bob');
    const org = await owner.client.organization.create({ name: 'Acme', slug: 'acme' });
    expect(org.error).toBeNull();
    const organizationId = org.data!.id;
    const [first] = (await owner.client.organization.listTeams()).data!;
    expect(first).toMatchObject({ name: 'Acme', organizationId });
    const session = await owner.client.getSession();
    expect(session.data?.session).toMatchObject({ activeOrganizationId: organizationId, activeTeamId: first!.id });

    const invited = await owner.client.organization.inviteMember({ email: bob.email, role: 'member', teamId: first!.id });
    expect(invited.error).toBeNull();
    expect((await bob.client.organization.acceptInvitation({ invitationId: invited.data!.id })).error).toBeNull();
    expect((await bob.client.getSession()).data?.session).toMatchObject({ activeOrganizationId: organizationId, activeTeamId: first!.id });
    const members = await bob.client.organization.listTeamMembers();
    expect(members.data?.map((m) => m.userId).sort()).toEqual([owner.userId, bob.userId].sort());

    const refused = await bob.client.organization.createTeam({ name: 'Nope' });
    expect(refused.error).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION' });
    const core = await owner.client.organization.createTeam({ name: 'Core' });
    expect(core.data).toMatchObject({ name: 'Core', organizationId });
    expect((await bob.client.organization.setActiveTeam({ teamId: core.data!.id })).error).toMatchObject({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
    });
    expect((await owner.client.organization.removeTeam({ teamId: first!.id })).error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
    });
    expect((await owner.client.organization.setActiveTeam({ teamId: null })).data).toBeNull();
    expect((await owner.client.getSession()).data?.session).toMatchObject({ activeTeamId: null });
    expect((await owner.client.organization.listUserTeams({ query: { userId: bob.userId } })).data?.map((x) => x.id)).toEqual([first!.id]);
    expect((await owner.client.organization.removeTeamMember({ teamId: first!.id, userId: bob.userId })).data).toEqual({
      message: 'Team member removed successfully.',
    });
    expect((await owner.client.organization.removeTeam({ teamId: core.data!.id })).data).toEqual({ message: 'Team removed successfully.' });
    expect((await owner.client.organization.removeTeam({ teamId: first!.id })).error).toMatchObject({ status: 400, code: 'UNABLE_TO_REMOVE_LAST_TEAM' });
  });

  it('drives the role routes, custom roles in update-member-role and has-permission, and their refusals', async () => {
    const { t } = await clients.openWithMail({ organization: { dynamicAccessControl: { enabled: true } } });
    const owner = await person(t, 'owner');
    const bob = await person(t, 'bob');
    const org = await owner.client.organization.create({ name: 'Acme', slug: 'acme' });
    const invited = await owner.client.organization.inviteMember({ email: bob.email, role: 'member', organizationId: org.data!.id });
    const accepted = await bob.client.organization.acceptInvitation({ invitationId: invited.data!.id });
    const memberId = accepted.data!.member.id;

    const created = await owner.client.organization.createRole({ role: 'Billing', permission: { invitation: ['create'] } });
    expect(created.data).toMatchObject({
      success: true,
      roleData: { role: 'billing', permission: { invitation: ['create'] } },
      statements: { invitation: ['create'] },
    });
    expect((await owner.client.organization.createRole({ role: 'ADMIN', permission: {} })).error).toMatchObject({
      status: 400,
      code: 'ROLE_NAME_IS_ALREADY_TAKEN',
    });
    expect((await owner.client.organization.createRole({ role: 'x', permission: { billing: ['pay'] } })).error).toMatchObject({
      status: 400,
      code: 'INVALID_RESOURCE',
    });
    expect((await bob.client.organization.createRole({ role: 'x', permission: {} })).error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
    });
    expect((await bob.client.organization.listRoles()).data).toMatchObject([{ role: 'billing' }]);

    expect((await bob.client.organization.hasPermission({ permissions: { invitation: ['create'] } })).data).toEqual({ error: null, success: false });
    expect((await owner.client.organization.updateMemberRole({ memberId, role: 'billing' })).data).toMatchObject({ role: 'billing' });
    expect((await bob.client.organization.getActiveMemberRole()).data).toEqual({ role: 'billing' });
    expect((await bob.client.organization.hasPermission({ permissions: { invitation: ['create'] } })).data).toEqual({ error: null, success: true });
    expect((await owner.client.organization.deleteRole({ roleName: 'billing' })).error).toMatchObject({ status: 400, code: 'ROLE_IS_ASSIGNED_TO_MEMBERS' });
    expect((await owner.client.organization.deleteRole({ roleName: 'member' })).error).toMatchObject({ status: 400, code: 'CANNOT_DELETE_A_PRE_DEFINED_ROLE' });
    expect((await owner.client.organization.getRole({ query: { roleName: 'nope' } })).error).toMatchObject({ status: 400, code: 'ROLE_NOT_FOUND' });
    const renamed = await owner.client.organization.updateRole({ roleName: 'billing', data: { roleName: 'finance' } });
    expect(renamed.data).toMatchObject({ success: true, roleData: { role: 'finance' } });
    expect((await bob.client.organization.getActiveMemberRole()).data).toEqual({ role: 'finance' });
  });
});
