import { describe, expect, it } from 'vitest';
import { type CookieJar, createAuth, type GatehouseOptions, silentLogger, useTestClients } from '../../test-kit.js';
import { ORGANIZATION_ERRORS } from './errors.js';

// Teams (CONTRACT.md "Teams and custom roles"), over HTTP through the harness.

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
type Data = any;

const clients = useTestClients();
const TEAMS: GatehouseOptions = { organization: { teams: { enabled: true } } };

async function setup(options: GatehouseOptions = TEAMS) {
  const { t, mails } = await clients.openWithMail(options);
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
  const session = async (who: Person) => (await t.json<Data>('/get-session', { jar: who.jar })).data.session;
  const join = async (inviter: Person, who: Person, organizationId: string, role: string, teamId?: string | string[]) => {
    const invited = await post(inviter, '/invite-member', { email: who.email, role, organizationId, ...(teamId ? { teamId } : {}) });
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);
    const accepted = await post(who, '/accept-invitation', { invitationId: invited.data.id });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    return accepted.data.member as { id: string };
  };
  /** An organization with an owner, an admin and a plain member; its first team (the owner's active one). */
  const org = async (slug = 'acme') => {
    const owner = await person(`owner-${slug}`);
    const admin = await person(`admin-${slug}`);
    const member = await person(`member-${slug}`);
    const created = await post(owner, '/create', { name: `Org ${slug}`, slug });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const organization = created.data as { id: string };
    const teams = (await get(owner, '/list-teams')).data as { id: string; name: string }[];
    await join(owner, admin, organization.id, 'admin');
    await join(owner, member, organization.id, 'member');
    return { owner, admin, member, org: organization, firstTeam: teams[0]! };
  };
  return { t, mails, person, post, get, session, join, org };
}

function expectOrgError(res: { status: number; data: unknown }, status: number, code: keyof typeof ORGANIZATION_ERRORS): void {
  expect(res.status, JSON.stringify(res.data)).toBe(status);
  expect(res.data).toEqual({ code, message: ORGANIZATION_ERRORS[code] });
}

const TEAM_KEYS = ['createdAt', 'id', 'name', 'organizationId', 'updatedAt'];

describe('teams: organization/create', () => {
  it('creates a team named as the organization, the creator in it, as the session’s activeTeamId (fast lane too)', async () => {
    const { t, person, post, get, session } = await setup();
    expect((await t.json<Data>('/providers')).data.features).toMatchObject({ organization: true, organizationTeams: true, organizationRoles: false });
    const alice = await person('alice');
    const created = await post(alice, '/create', { name: 'Acme Inc', slug: 'acme' });
    expect(created.status).toBe(200);
    const teams = (await get(alice, '/list-teams')).data;
    expect(teams).toHaveLength(1);
    expect(Object.keys(teams[0]).sort()).toEqual(TEAM_KEYS);
    expect(teams[0]).toMatchObject({ name: 'Acme Inc', organizationId: created.data.id });
    const s = await session(alice);
    expect(s).toMatchObject({ activeOrganizationId: created.data.id, activeTeamId: teams[0].id });
    expect((await get(alice, '/get-full-organization')).data.teams).toEqual(teams);
    const members = (await get(alice, '/list-team-members', { teamId: teams[0].id })).data;
    expect(members).toEqual([{ id: expect.any(String), teamId: teams[0].id, userId: alice.id, createdAt: expect.any(String) }]);

    // The fast lane answers get-session from the same row: the same activeTeamId.
    const lane = await t.auth.fastLane();
    const answer = await lane.answer({
      target: '/api/auth/get-session',
      header: (name) => (name === 'cookie' ? alice.jar.header() : undefined),
      ip: '127.0.0.1',
    });
    expect(answer).toBeDefined();
    expect(JSON.parse(answer!.body).session.activeTeamId).toBe(teams[0].id);
    // And follows a change of the row at once.
    expect((await post(alice, '/set-active-team', { teamId: null })).status).toBe(200);
    const after = await lane.answer({
      target: '/api/auth/get-session',
      header: (name) => (name === 'cookie' ? alice.jar.header() : undefined),
      ip: '127.0.0.1',
    });
    expect(after).toBeDefined();
    expect(JSON.parse(after!.body).session.activeTeamId).toBeNull();
  });

  it('keeps its behaviour without teams: no team, no activeTeamId, the team routes absent', async () => {
    const { t, person, post, get, session } = await setup({});
    expect((await t.json<Data>('/providers')).data.features).toMatchObject({ organization: true, organizationTeams: false, organizationRoles: false });
    const alice = await person('alice');
    expect((await post(alice, '/create', { name: 'Acme', slug: 'acme' })).status).toBe(200);
    expect(await session(alice)).not.toHaveProperty('activeTeamId');
    expect((await get(alice, '/get-full-organization')).data).not.toHaveProperty('teams');
    expect((await get(alice, '/list-teams')).status).toBe(404);
    expect((await post(alice, '/create-team', { name: 'x' })).status).toBe(404);
    expectOrgError(await post(alice, '/invite-member', { email: 'bob@example.com', role: 'member', teamId: 'any' }), 400, 'TEAM_NOT_FOUND');
  });
});

describe('teams: create-team and list-teams', () => {
  it('lets owner and admin create teams, not a member, a non-member or nobody', async () => {
    const { person, post, get, org } = await setup();
    const { owner, admin, member, org: acme } = await org();
    const made = await post(owner, '/create-team', { name: 'Platform' });
    expect(made.status).toBe(200);
    expect(Object.keys(made.data).sort()).toEqual(TEAM_KEYS);
    expect(made.data).toMatchObject({ name: 'Platform', organizationId: acme.id });
    expect((await post(admin, '/create-team', { name: 'Design', organizationId: acme.id })).status).toBe(200);
    expectOrgError(await post(member, '/create-team', { name: 'Nope' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION');
    const outsider = await person('outsider');
    expect((await post(outsider, '/create-team', { name: 'Nope', organizationId: acme.id })).status).toBe(403);
    expect((await post(null, '/create-team', { name: 'Nope', organizationId: acme.id })).status).toBe(401);
    expectOrgError(await post(outsider, '/create-team', { name: 'Nope' }), 400, 'NO_ACTIVE_ORGANIZATION');
    expect((await post(owner, '/create-team', { name: '' })).status).toBe(400);

    const names = (await get(member, '/list-teams', { organizationId: acme.id })).data.map((t: { name: string }) => t.name);
    expect(names.sort()).toEqual(['Design', 'Org acme', 'Platform']);
    expectOrgError(await get(outsider, '/list-teams', { organizationId: acme.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION');
  });

  it('refuses a team beyond teams.maximumTeams', async () => {
    const { person, post } = await setup({ organization: { teams: { enabled: true, maximumTeams: 2 } } });
    const alice = await person('alice');
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    expect((await post(alice, '/create-team', { name: 'Second' })).status).toBe(200);
    expectOrgError(await post(alice, '/create-team', { name: 'Third' }), 400, 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS');
  });
});

describe('teams: update-team and remove-team', () => {
  it('renames for team:update; a member, an unknown team and another organization’s team are refused', async () => {
    const { post, org } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    const updated = await post(a.admin, '/update-team', { teamId: a.firstTeam.id, data: { name: 'Renamed' } });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id: a.firstTeam.id, name: 'Renamed', organizationId: a.org.id });
    expectOrgError(await post(a.member, '/update-team', { teamId: a.firstTeam.id, data: { name: 'x' } }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM');
    expectOrgError(await post(a.owner, '/update-team', { teamId: 'no-such-team', data: { name: 'x' } }), 400, 'TEAM_NOT_FOUND');
    // Org A's owner names org B's team, from org A or by naming org B: neither reaches it.
    expectOrgError(await post(a.owner, '/update-team', { teamId: b.firstTeam.id, data: { name: 'pwned' } }), 400, 'TEAM_NOT_FOUND');
    expectOrgError(
      await post(a.owner, '/update-team', { teamId: b.firstTeam.id, data: { name: 'pwned', organizationId: b.org.id } }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
    );
    expect((await post(b.owner, '/update-team', { teamId: b.firstTeam.id, data: {} })).data.name).toBe('Org globex');
  });

  it('removes a team for team:delete, not the caller’s active one nor the last one', async () => {
    const { post, get, session, person, org } = await setup();
    const { owner, admin, member, org: acme, firstTeam } = await org();
    const platform = (await post(owner, '/create-team', { name: 'Platform' })).data;
    expectOrgError(await post(owner, '/remove-team', { teamId: firstTeam.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM');
    expectOrgError(await post(member, '/remove-team', { teamId: platform.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION');
    expectOrgError(await post(owner, '/remove-team', { teamId: 'no-such-team' }), 400, 'TEAM_NOT_FOUND');

    // The member is in Platform with it active; a pending invitation names it.
    expect((await post(admin, '/add-team-member', { teamId: platform.id, userId: member.id })).status).toBe(200);
    expect((await post(member, '/set-active-team', { teamId: platform.id })).status).toBe(200);
    const carol = await person('carol');
    const invited = await post(owner, '/invite-member', { email: carol.email, role: 'member', teamId: platform.id });
    expect(invited.data.teamId).toBe(platform.id);

    const removed = await post(admin, '/remove-team', { teamId: platform.id });
    expect(removed).toMatchObject({ status: 200, data: { message: 'Team removed successfully.' } });
    expect((await get(owner, '/list-teams')).data.map((t: { id: string }) => t.id)).toEqual([firstTeam.id]);
    expect((await session(member)).activeTeamId).toBeNull();
    expect((await get(member, '/list-user-teams')).data).toEqual([]);
    // The invitation stays good, for the organization alone.
    const accepted = await post(carol, '/accept-invitation', { invitationId: invited.data.id });
    expect(accepted.status).toBe(200);
    expect(accepted.data.invitation.teamId).toBeNull();

    expect((await post(owner, '/set-active-team', { teamId: null })).status).toBe(200);
    expectOrgError(await post(owner, '/remove-team', { teamId: firstTeam.id, organizationId: acme.id }), 400, 'UNABLE_TO_REMOVE_LAST_TEAM');
  });
});

describe('teams: add-team-member and remove-team-member', () => {
  it('adds organization members for member:update, once; refuses outsiders and other organizations’ teams', async () => {
    const { person, post, org } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    const added = await post(a.admin, '/add-team-member', { teamId: a.firstTeam.id, userId: a.member.id });
    expect(added.status).toBe(200);
    expect(Object.keys(added.data).sort()).toEqual(['createdAt', 'id', 'teamId', 'userId']);
    expect(added.data).toMatchObject({ teamId: a.firstTeam.id, userId: a.member.id });
    expect((await post(a.admin, '/add-team-member', { teamId: a.firstTeam.id, userId: a.member.id })).data.id).toBe(added.data.id);

    expectOrgError(
      await post(a.member, '/add-team-member', { teamId: a.firstTeam.id, userId: a.admin.id }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
    );
    const outsider = await person('outsider');
    expectOrgError(await post(a.owner, '/add-team-member', { teamId: a.firstTeam.id, userId: outsider.id }), 400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    // Org B's team from org A, and org A's member into org B's team by naming org B.
    expectOrgError(await post(a.owner, '/add-team-member', { teamId: b.firstTeam.id, userId: a.member.id }), 400, 'TEAM_NOT_FOUND');
    expectOrgError(
      await post(a.owner, '/add-team-member', { teamId: b.firstTeam.id, userId: a.member.id, organizationId: b.org.id }),
      400,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
    expectOrgError(
      await post(outsider, '/add-team-member', { teamId: a.firstTeam.id, userId: outsider.id, organizationId: a.org.id }),
      400,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
    expect((await post(null, '/add-team-member', { teamId: a.firstTeam.id, userId: a.member.id })).status).toBe(401);
  });

  it('refuses a member beyond teams.maximumMembersPerTeam', async () => {
    const { post, org } = await setup({ organization: { teams: { enabled: true, maximumMembersPerTeam: 2 } } });
    const { owner, admin, member, firstTeam } = await org();
    expect((await post(owner, '/add-team-member', { teamId: firstTeam.id, userId: admin.id })).status).toBe(200);
    expectOrgError(await post(owner, '/add-team-member', { teamId: firstTeam.id, userId: member.id }), 403, 'TEAM_MEMBER_LIMIT_REACHED');
  });

  it('removes a place for member:delete; the removed person’s active team is cleared', async () => {
    const { post, session, org } = await setup();
    const { owner, admin, member, firstTeam } = await org();
    await post(owner, '/add-team-member', { teamId: firstTeam.id, userId: member.id });
    expect((await post(member, '/set-active-team', { teamId: firstTeam.id })).status).toBe(200);
    expectOrgError(await post(member, '/remove-team-member', { teamId: firstTeam.id, userId: owner.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER');
    const removed = await post(admin, '/remove-team-member', { teamId: firstTeam.id, userId: member.id });
    expect(removed).toMatchObject({ status: 200, data: { message: 'Team member removed successfully.' } });
    expect((await session(member)).activeTeamId).toBeNull();
    expectOrgError(await post(admin, '/remove-team-member', { teamId: firstTeam.id, userId: member.id }), 400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
  });
});

describe('teams: set-active-team, list-user-teams, list-team-members', () => {
  it('sets and clears the active team; a team one is not in is refused and nothing changes', async () => {
    const { post, session, org } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    const platform = (await post(a.owner, '/create-team', { name: 'Platform' })).data;
    const set = await post(a.owner, '/set-active-team', { teamId: platform.id });
    expectOrgError(set, 403, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    await post(a.owner, '/add-team-member', { teamId: platform.id, userId: a.owner.id });
    const ok = await post(a.owner, '/set-active-team', { teamId: platform.id });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ id: platform.id, name: 'Platform' });
    expect((await session(a.owner)).activeTeamId).toBe(platform.id);
    expectOrgError(await post(a.owner, '/set-active-team', { teamId: b.firstTeam.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    expectOrgError(await post(a.owner, '/set-active-team', { teamId: 'no-such-team' }), 400, 'TEAM_NOT_FOUND');
    expect((await session(a.owner)).activeTeamId).toBe(platform.id);
    expect(await post(a.owner, '/set-active-team', { teamId: null })).toMatchObject({ status: 200, data: null });
    expect((await session(a.owner)).activeTeamId).toBeNull();
    expect((await post(null, '/set-active-team', { teamId: null })).status).toBe(401);
  });

  it('keeps the cookie cache in step with the active team', async () => {
    const { post, session, org } = await setup({ organization: { teams: { enabled: true } }, session: { cookieCache: { enabled: true } } });
    const { owner, firstTeam } = await org();
    expect((await session(owner)).activeTeamId).toBe(firstTeam.id);
    expect((await post(owner, '/set-active-team', { teamId: null })).status).toBe(200);
    expect((await session(owner)).activeTeamId).toBeNull();
    expect((await post(owner, '/set-active-team', { teamId: firstTeam.id })).status).toBe(200);
    expect((await session(owner)).activeTeamId).toBe(firstTeam.id);
  });

  it('switching organization leaves no team of the former one active', async () => {
    const { post, session, person } = await setup();
    const alice = await person('alice');
    const one = (await post(alice, '/create', { name: 'One', slug: 'one' })).data;
    const two = (await post(alice, '/create', { name: 'Two', slug: 'two' })).data;
    expect((await session(alice)).activeOrganizationId).toBe(two.id);
    expect((await post(alice, '/set-active', { organizationId: one.id })).status).toBe(200);
    expect(await session(alice)).toMatchObject({ activeOrganizationId: one.id, activeTeamId: null });
  });

  it('lists one’s own teams everywhere or in one organization; another’s needs member:update', async () => {
    const { person, post, get, org, join } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    await join(b.owner, a.member, b.org.id, 'member', b.firstTeam.id);
    await post(a.owner, '/add-team-member', { teamId: a.firstTeam.id, userId: a.member.id });
    const mine = (await get(a.member, '/list-user-teams')).data.map((t: { id: string }) => t.id).sort();
    expect(mine).toEqual([a.firstTeam.id, b.firstTeam.id].sort());
    expect((await get(a.member, '/list-user-teams', { organizationId: b.org.id })).data.map((t: { id: string }) => t.id)).toEqual([b.firstTeam.id]);
    expect((await get(a.admin, '/list-user-teams', { userId: a.member.id, organizationId: a.org.id })).data.map((t: { id: string }) => t.id)).toEqual([
      a.firstTeam.id,
    ]);
    expectOrgError(await get(a.member, '/list-user-teams', { userId: a.owner.id, organizationId: a.org.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expectOrgError(await get(a.admin, '/list-user-teams', { userId: b.owner.id, organizationId: b.org.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    const loner = await person('loner');
    expect((await get(loner, '/list-user-teams')).data).toEqual([]);
  });

  it('lists a team’s members to its own members only; the active team by default', async () => {
    const { person, get, org } = await setup();
    const { owner, member, firstTeam } = await org();
    const listed = await get(owner, '/list-team-members');
    expect(listed.status).toBe(200);
    expect(listed.data.map((m: { userId: string }) => m.userId)).toEqual([owner.id]);
    expectOrgError(await get(member, '/list-team-members', { teamId: firstTeam.id }), 400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    expectOrgError(await get(member, '/list-team-members'), 400, 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM');
    const outsider = await person('outsider');
    expectOrgError(await get(outsider, '/list-team-members', { teamId: firstTeam.id }), 400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    expectOrgError(await get(owner, '/list-team-members', { teamId: 'no-such-team' }), 400, 'TEAM_NOT_FOUND');
  });
});

describe('teams: invitations and leaving', () => {
  it('invites into a team: unknown or another organization’s team refused; accepting joins it and makes it active', async () => {
    const { person, post, get, session, org } = await setup();
    const a = await org('acme');
    const b = await org('globex');
    const dave = await person('dave');
    expectOrgError(await post(a.owner, '/invite-member', { email: dave.email, role: 'member', teamId: 'no-such-team' }), 400, 'TEAM_NOT_FOUND');
    expectOrgError(await post(a.owner, '/invite-member', { email: dave.email, role: 'member', teamId: b.firstTeam.id }), 400, 'TEAM_NOT_FOUND');
    const invited = await post(a.owner, '/invite-member', { email: dave.email, role: 'member', teamId: a.firstTeam.id });
    expect(invited.status).toBe(200);
    expect((await post(dave, '/accept-invitation', { invitationId: invited.data.id })).status).toBe(200);
    expect(await session(dave)).toMatchObject({ activeOrganizationId: a.org.id, activeTeamId: a.firstTeam.id });
    expect((await get(dave, '/list-team-members')).data.map((m: { userId: string }) => m.userId).sort()).toEqual([a.owner.id, dave.id].sort());
  });

  it('leaving or being removed from the organization takes one out of its teams; deleting it removes them', async () => {
    const { post, get, session, org } = await setup();
    const { owner, admin, member, org: acme, firstTeam } = await org();
    await post(owner, '/add-team-member', { teamId: firstTeam.id, userId: member.id });
    await post(owner, '/add-team-member', { teamId: firstTeam.id, userId: admin.id });
    expect((await post(member, '/leave', { organizationId: acme.id })).status).toBe(200);
    expect((await post(owner, '/remove-member', { memberIdOrEmail: admin.email })).status).toBe(200);
    expect((await get(owner, '/list-team-members')).data.map((m: { userId: string }) => m.userId)).toEqual([owner.id]);
    expect((await get(member, '/list-user-teams')).data).toEqual([]);
    expect((await post(owner, '/delete', { organizationId: acme.id })).status).toBe(200);
    expect(await session(owner)).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    expect((await get(owner, '/list-user-teams')).data).toEqual([]);
  });
});

describe('teams and custom roles: option keys', () => {
  it('knows teams and dynamicAccessControl with their keys, and refuses a misspelt one by its path', () => {
    const refusal = (organization: Record<string, unknown>) => {
      try {
        createAuth({ database: ':memory:', logger: silentLogger, organization } as GatehouseOptions);
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(
      refusal({ teams: { enabled: true, maximumTeams: 3, maximumMembersPerTeam: 5 }, dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: 9 } }),
    ).toBeNull();
    expect(refusal({ teams: { enabeld: true } })).toBe('Gatehouse options: organization.teams.enabeld: unknown option, did you mean "enabled"?');
    expect(refusal({ teams: { enabled: true, maximumTeams: 0 } })).toBe(
      'Gatehouse options: organization.teams.maximumTeams: must be a whole number of at least 1',
    );
    expect(refusal({ dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: 1.5 } })).toMatch(
      /^Gatehouse options: organization\.dynamicAccessControl\.maximumRolesPerOrganization: must be a whole number of at least 1$/,
    );
    expect(refusal({ dynamicAccessControl: { enabled: true, maximumRoles: 2 } })).toMatch(
      /^Gatehouse options: organization\.dynamicAccessControl\.maximumRoles: unknown option/,
    );
  });
});
