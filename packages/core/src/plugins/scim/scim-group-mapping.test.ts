import { describe, expect, it } from 'vitest';
import { createAuth, useTestClients } from '../../test-kit.js';
import { type Data, GROUP, PATCH, type ScimKit, scimSetup } from './test-kit.js';

const clients = useTestClients();

const TEAMS = { organization: { teams: { enabled: true } }, scim: { enabled: true, groups: { teams: true } } };
const ROLES = {
  organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
  scim: { enabled: true, groups: { teams: true, roles: { 'Gatehouse Admins': 'admin', Support: 'support' } } },
};

/** The organization's teams by name, each with its members' user ids (sorted). */
async function teamsOf(k: ScimKit, organizationId: string): Promise<Record<string, string[]>> {
  const teams = await k.ctx.adapter.findMany<{ id: string; name: string }>('team', { where: [{ field: 'organizationId', value: organizationId }] });
  const out: Record<string, string[]> = {};
  for (const t of teams) {
    const places = await k.ctx.adapter.findMany<{ userId: string }>('teamMember', { where: [{ field: 'teamId', value: t.id }] });
    out[t.name] = places.map((p) => p.userId).sort();
  }
  return out;
}

const sorted = (...ids: string[]) => [...ids].sort();

describe('scim: Groups mapped to teams (groups.teams)', () => {
  it('Okta: push a group, add and remove members, rename, replace, delete: the team follows each step', async () => {
    const k = await scimSetup(clients, TEAMS);
    const { owner, organizationId, token } = await k.tenant();
    const one = await k.createUser(token, { userName: 'one@okta.local', name: { givenName: 'One', familyName: 'Okta' } });
    const two = await k.createUser(token, { userName: 'two@okta.local' });
    const [u1, u2] = [await k.userIdOf(one.id), await k.userIdOf(two.id)];
    // The organization's own first team, with its creator (SCIM people are in no team yet).
    const base = await teamsOf(k, organizationId);
    expect(Object.values(base)).toEqual([[owner.id]]);
    const created = await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Engineering', members: [] });
    expect(created.status).toBe(201);
    const id = created.data.id as string;
    expect(await teamsOf(k, organizationId)).toEqual({ ...base, Engineering: [] });

    await k.scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [
        {
          op: 'add',
          path: 'members',
          value: [
            { value: one.id, display: 'one@okta.local' },
            { value: two.id, display: 'two@okta.local' },
          ],
        },
      ],
    });
    expect((await teamsOf(k, organizationId)).Engineering).toEqual(sorted(u1, u2));
    // The app sees it too: the team's members through the organization's own route.
    const team = (await k.t.json<Data>(`/organization/list-teams?organizationId=${organizationId}`, { jar: owner.jar })).data.find(
      (t: { name: string }) => t.name === 'Engineering',
    );
    expect(team).toMatchObject({ name: 'Engineering', organizationId });

    await k.scim(token, 'PATCH', `/Groups/${id}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${one.id}"]` }] });
    expect((await teamsOf(k, organizationId)).Engineering).toEqual([u2]);

    await k.scim(token, 'PATCH', `/Groups/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { id, displayName: 'Platform Engineering' } }] });
    expect(await teamsOf(k, organizationId)).toEqual({ ...base, 'Platform Engineering': [u2] });

    await k.scim(token, 'PUT', `/Groups/${id}`, { schemas: [GROUP], id, displayName: 'Platform Engineering', members: [{ value: one.id }] });
    expect((await teamsOf(k, organizationId))['Platform Engineering']).toEqual([u1]);

    expect((await k.scim(token, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect(await teamsOf(k, organizationId)).toEqual(base);
  });

  it('Entra ID: Add / Remove / Replace in its casing and value shapes; a deactivated person leaves the team, reactivation brings them back', async () => {
    const k = await scimSetup(clients, TEAMS);
    const { organizationId, token } = await k.tenant('entra');
    const user = await k.createUser(token, { userName: 'ada@entra.local', externalId: 'e-1', active: true });
    const userId = await k.userIdOf(user.id);
    const g = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], externalId: 'g-1', displayName: 'Finance', meta: { resourceType: 'Group' } })).data;
    await k.scim(token, 'PATCH', `/Groups/${g.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect((await teamsOf(k, organizationId)).Finance).toEqual([userId]);

    // Deactivation takes the place away (and, with the membership, every team of the organization).
    await k.scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect((await teamsOf(k, organizationId)).Finance).toEqual([]);
    expect(await k.memberRole(organizationId, userId)).toBeNull();
    await k.scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect((await teamsOf(k, organizationId)).Finance).toEqual([userId]);

    await k.scim(token, 'PATCH', `/Groups/${g.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'displayName', value: 'Finance EMEA' }] });
    expect((await teamsOf(k, organizationId))['Finance EMEA']).toEqual([userId]);
    await k.scim(token, 'PATCH', `/Groups/${g.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect((await teamsOf(k, organizationId))['Finance EMEA']).toEqual([]);

    // DELETE /Users: out of every team of the organization.
    await k.scim(token, 'PATCH', `/Groups/${g.id}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: user.id }] }] });
    expect((await k.scim(token, 'DELETE', `/Users/${user.id}`)).status).toBe(204);
    expect((await teamsOf(k, organizationId))['Finance EMEA']).toEqual([]);
  });

  it('a person the app added to a directory team stays; a session whose active team the directory removed forgets it', async () => {
    const k = await scimSetup(clients, TEAMS);
    const { owner, organizationId, token } = await k.tenant();
    const g = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Sales' })).data;
    const teamId = (await k.ctx.adapter.findOne<{ id: string }>('team', [
      { field: 'organizationId', value: organizationId },
      { field: 'name', value: 'Sales' },
    ]))!.id;
    expect((await k.t.json('/organization/add-team-member', { body: { teamId, userId: owner.id, organizationId }, jar: owner.jar })).status).toBe(200);
    expect((await k.t.json('/organization/set-active-team', { body: { teamId }, jar: owner.jar })).status).toBe(200);
    const u = await k.createUser(token, { userName: 'sam@okta.local' });
    await k.scim(token, 'PUT', `/Groups/${g.id}`, { schemas: [GROUP], displayName: 'Sales', members: [{ value: u.id }] });
    await k.scim(token, 'PUT', `/Groups/${g.id}`, { schemas: [GROUP], displayName: 'Sales', members: [] });
    // The owner is not the directory's to remove.
    expect((await teamsOf(k, organizationId)).Sales).toEqual([owner.id]);
    // Deleting the group removes the team; the owner's session no longer has it active.
    expect((await k.scim(token, 'DELETE', `/Groups/${g.id}`)).status).toBe(204);
    expect((await k.t.json<Data>('/get-session', { jar: owner.jar })).data.session.activeTeamId).toBeNull();
  });

  it("cross-tenant: a connection's groups never place another organization's people, nor touch its teams", async () => {
    const k = await scimSetup(clients, TEAMS);
    const a = await k.tenant();
    const b = await k.tenant();
    const theirs = await k.createUser(b.token, { userName: 'theirs@b.example' });
    const bTeamsBefore = await teamsOf(k, b.organizationId);
    const g = await k.scim(a.token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Mine', members: [{ value: theirs.id }] });
    expect(g.status).toBe(400);
    const mine = (await k.scim(a.token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Mine' })).data;
    const add = await k.scim(a.token, 'PATCH', `/Groups/${mine.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: theirs.id }] }],
    });
    expect(add.status).toBe(400);
    expect((await teamsOf(k, a.organizationId)).Mine).toEqual([]);
    expect(await teamsOf(k, b.organizationId)).toEqual(bTeamsBefore);
  });

  it('refuses at start a team mapping without teams', async () => {
    const auth = createAuth({ database: ':memory:', scim: { enabled: true, groups: { teams: true } } });
    await expect(auth.ready()).rejects.toThrow(/scim\.groups\.teams needs teams: set organization\.teams\.enabled/);
  });
});

describe('scim: Groups mapped to roles (groups.roles)', () => {
  it('a mapped Group gives its role (built-in or custom), several give each, none gives member; an owner is never changed', async () => {
    const k = await scimSetup(clients, ROLES);
    const { owner, organizationId, token } = await k.tenant();
    expect(
      (await k.t.json('/organization/create-role', { body: { role: 'support', permission: { member: ['update'] }, organizationId }, jar: owner.jar })).status,
    ).toBe(200);
    const ann = await k.createUser(token, { userName: 'ann@okta.local' });
    const bob = await k.createUser(token, { userName: 'bob@okta.local' });
    const [annId, bobId] = [await k.userIdOf(ann.id), await k.userIdOf(bob.id)];
    const admins = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'gatehouse admins', members: [{ value: ann.id }] })).data;
    expect(await k.memberRole(organizationId, annId)).toBe('admin');
    const support = (await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Support', members: [{ value: ann.id }, { value: bob.id }] }))
      .data;
    expect(await k.memberRole(organizationId, annId)).toBe('admin,support');
    expect(await k.memberRole(organizationId, bobId)).toBe('support');
    // An unmapped group changes nothing.
    await k.scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Everyone', members: [{ value: bob.id }] });
    expect(await k.memberRole(organizationId, bobId)).toBe('support');

    // Entra removes ann from the admins group: her role follows.
    await k.scim(token, 'PATCH', `/Groups/${admins.id}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: ann.id }] }] });
    expect(await k.memberRole(organizationId, annId)).toBe('support');
    // Renaming the group away from the mapping takes its role away from everyone in it.
    await k.scim(token, 'PATCH', `/Groups/${support.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'displayName', value: 'Support (old)' }] });
    expect(await k.memberRole(organizationId, annId)).toBe('member');
    expect(await k.memberRole(organizationId, bobId)).toBe('member');
    // Renaming it back gives it again; deleting it takes it away.
    await k.scim(token, 'PATCH', `/Groups/${support.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { displayName: 'SUPPORT' } }] });
    expect(await k.memberRole(organizationId, bobId)).toBe('support');
    await k.scim(token, 'DELETE', `/Groups/${support.id}`);
    expect(await k.memberRole(organizationId, bobId)).toBe('member');

    // Deactivated: no membership at all; reactivated: the role of the groups again.
    await k.scim(token, 'PATCH', `/Groups/${admins.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: bob.id }] }] });
    expect(await k.memberRole(organizationId, bobId)).toBe('admin');
    await k.scim(token, 'PATCH', `/Users/${bob.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(await k.memberRole(organizationId, bobId)).toBeNull();
    await k.scim(token, 'PATCH', `/Users/${bob.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect(await k.memberRole(organizationId, bobId)).toBe('admin');

    // Someone the app made owner is not demoted by the directory.
    await k.ctx.adapter.update(
      'member',
      [
        { field: 'organizationId', value: organizationId },
        { field: 'userId', value: bobId },
      ],
      { role: 'owner' },
    );
    await k.scim(token, 'PATCH', `/Groups/${admins.id}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${bob.id}"]` }] });
    expect(await k.memberRole(organizationId, bobId)).toBe('owner');
    expect(await k.memberRole(organizationId, owner.id)).toBe('owner');
  });

  it('list-connections says what Groups become (for the Directory sync page); nothing without a mapping', async () => {
    const k = await scimSetup(clients, ROLES);
    const { owner, organizationId } = await k.tenant();
    const listed = await k.t.json<Data>(`/scim/list-connections?organizationId=${organizationId}`, { jar: owner.jar });
    expect(listed.data.groups).toEqual({ teams: true, roles: { 'gatehouse admins': 'admin', support: 'support' } });
    const plain = await scimSetup(clients);
    const other = await plain.tenant();
    expect((await plain.t.json<Data>(`/scim/list-connections?organizationId=${other.organizationId}`, { jar: other.owner.jar })).data.groups).toEqual({
      teams: false,
      roles: {},
    });
  });

  it('refuses at start a mapping to owner, or to a list of roles', () => {
    const start = (roles: Record<string, string>) => () => createAuth({ database: ':memory:', scim: { enabled: true, groups: { roles } } });
    expect(start({ Owners: 'Owner' })).toThrow(/a directory cannot make owners/);
    expect(start({ Both: 'admin,member' })).toThrow(/must be one role name/);
  });
});
