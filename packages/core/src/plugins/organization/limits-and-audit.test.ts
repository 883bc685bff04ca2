import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, useTestClients } from '../../test-kit.js';
import type { ORGANIZATION_ERRORS } from './errors.js';

// Team and role limits hold under concurrent requests (counted inside the transaction, the
// organization's or team's row held), and every team and role change is in the audit trail.
// On SQLite one write transaction runs at a time; TEST_DIALECT=postgres / mysql runs the real race.

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
type Data = any;

const clients = useTestClients();
const RACERS = 6;

async function setup(options: GatehouseOptions) {
  const { t } = await clients.openWithMail(options);
  const person = async (name: string): Promise<Person> => {
    const jar = t.newJar();
    const email = `${name}@example.com`;
    const { data } = await t.signUp({ name, email }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  const post = (who: Person, path: string, body: unknown = {}) => t.json<Data>(`/organization${path}`, { body, jar: who.jar });
  const join = async (owner: Person, who: Person, organizationId: string, teamId?: string) => {
    const invited = await post(owner, '/invite-member', { email: who.email, role: 'member', organizationId, ...(teamId ? { teamId } : {}) });
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);
    return invited.data.id as string;
  };
  const audit = async (type: string) => {
    const adapter = (await t.auth.context()).adapter;
    return adapter.findMany<{ type: string; userId: string | null; actorId: string | null; details: Record<string, unknown> }>('auditEvent', {
      where: [{ field: 'type', value: type }],
    });
  };
  return { t, person, post, join, audit };
}

/** Of the answers, how many succeeded and the one refusal code all the others carry. */
function tally(answers: { status: number; data: Data }[], refused: { status: number; code: keyof typeof ORGANIZATION_ERRORS }) {
  const ok = answers.filter((a) => a.status === 200);
  const others = answers.filter((a) => a.status !== 200);
  for (const a of others) expect(a, JSON.stringify(a.data)).toMatchObject({ status: refused.status, data: { code: refused.code } });
  return ok.length;
}

describe('limits under concurrent requests', () => {
  it(`maximumTeams: ${RACERS} creates at one free place, exactly one team is made`, async () => {
    const { t, person, post } = await setup({ organization: { teams: { enabled: true, maximumTeams: 2 } } });
    const owner = await person('owner');
    const org = (await post(owner, '/create', { name: 'Acme', slug: 'acme' })).data;
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => post(owner, '/create-team', { name: `Team ${i}`, organizationId: org.id })));
    expect(tally(answers, { status: 400, code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS' })).toBe(1);
    const adapter = (await t.auth.context()).adapter;
    expect(await adapter.count('team', [{ field: 'organizationId', value: org.id }])).toBe(2);
  });

  it(`maximumMembersPerTeam: ${RACERS} people added at one free place, exactly one gets it`, async () => {
    const { t, person, post, join } = await setup({ organization: { teams: { enabled: true, maximumMembersPerTeam: 2 } } });
    const owner = await person('owner');
    const org = (await post(owner, '/create', { name: 'Acme', slug: 'acme' })).data;
    const team = (await t.json<Data>('/organization/list-teams', { jar: owner.jar })).data[0];
    const people: Person[] = [];
    for (let i = 0; i < RACERS; i++) {
      const p = await person(`p${i}`);
      const invitationId = await join(owner, p, org.id);
      expect((await post(p, '/accept-invitation', { invitationId })).status).toBe(200);
      people.push(p);
    }
    const answers = await Promise.all(people.map((p) => post(owner, '/add-team-member', { teamId: team.id, userId: p.id, organizationId: org.id })));
    expect(tally(answers, { status: 403, code: 'TEAM_MEMBER_LIMIT_REACHED' })).toBe(1);
    const adapter = (await t.auth.context()).adapter;
    expect(await adapter.count('teamMember', [{ field: 'teamId', value: team.id }])).toBe(2);
  });

  it(`maximumMembersPerTeam: ${RACERS} invitations into the team accepted at once, one joins, the others are refused whole`, async () => {
    const { t, person, post, join } = await setup({ organization: { teams: { enabled: true, maximumMembersPerTeam: 2 } } });
    const owner = await person('owner');
    const org = (await post(owner, '/create', { name: 'Acme', slug: 'acme' })).data;
    const team = (await t.json<Data>('/organization/list-teams', { jar: owner.jar })).data[0];
    const invited: { p: Person; invitationId: string }[] = [];
    for (let i = 0; i < RACERS; i++) {
      const p = await person(`p${i}`);
      invited.push({ p, invitationId: await join(owner, p, org.id, team.id) });
    }
    const answers = await Promise.all(invited.map(({ p, invitationId }) => post(p, '/accept-invitation', { invitationId })));
    expect(tally(answers, { status: 403, code: 'TEAM_MEMBER_LIMIT_REACHED' })).toBe(1);
    const adapter = (await t.auth.context()).adapter;
    expect(await adapter.count('teamMember', [{ field: 'teamId', value: team.id }])).toBe(2);
    // A refused acceptance left nothing behind: no membership, the invitation still pending.
    expect(await adapter.count('member', [{ field: 'organizationId', value: org.id }])).toBe(2);
    expect(await adapter.count('invitation', [{ field: 'status', value: 'pending' }])).toBe(RACERS - 1);
  });

  it(`maximumRolesPerOrganization: ${RACERS} creates at one free place, exactly one role is made`, async () => {
    const { t, person, post } = await setup({ organization: { dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: 1 } } });
    const owner = await person('owner');
    const org = (await post(owner, '/create', { name: 'Acme', slug: 'acme' })).data;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => post(owner, '/create-role', { role: `role-${i}`, permission: { team: ['create'] }, organizationId: org.id })),
    );
    expect(tally(answers, { status: 400, code: 'TOO_MANY_ROLES' })).toBe(1);
    const adapter = (await t.auth.context()).adapter;
    expect(await adapter.count('organizationRole', [{ field: 'organizationId', value: org.id }])).toBe(1);
  });
});

describe('the audit trail of teams and roles', () => {
  it('records team created, renamed, deleted, member added and removed, with who and which', async () => {
    const { person, post, join, audit } = await setup({ organization: { teams: { enabled: true } } });
    const owner = await person('owner');
    const bob = await person('bob');
    const org = (await post(owner, '/create', { name: 'Acme', slug: 'acme' })).data;
    expect((await post(bob, '/accept-invitation', { invitationId: await join(owner, bob, org.id) })).status).toBe(200);
    const team = (await post(owner, '/create-team', { name: 'Design' })).data;
    expect((await post(owner, '/update-team', { teamId: team.id, data: { name: 'Product design' } })).status).toBe(200);
    // The same name again changes nothing and records nothing.
    expect((await post(owner, '/update-team', { teamId: team.id, data: { name: 'Product design' } })).status).toBe(200);
    expect((await post(owner, '/add-team-member', { teamId: team.id, userId: bob.id })).status).toBe(200);
    // Adding someone already there is no change either.
    expect((await post(owner, '/add-team-member', { teamId: team.id, userId: bob.id })).status).toBe(200);
    expect((await post(owner, '/remove-team-member', { teamId: team.id, userId: bob.id })).status).toBe(200);
    expect((await post(owner, '/remove-team', { teamId: team.id })).status).toBe(200);

    expect(await audit('organization.team.created')).toEqual([
      expect.objectContaining({ actorId: owner.id, userId: null, details: { organizationId: org.id, teamId: team.id, name: 'Design' } }),
    ]);
    expect(await audit('organization.team.renamed')).toEqual([
      expect.objectContaining({ details: { organizationId: org.id, teamId: team.id, from: 'Design', to: 'Product design' } }),
    ]);
    expect(await audit('organization.team.member.added')).toEqual([
      expect.objectContaining({ actorId: owner.id, userId: bob.id, details: { organizationId: org.id, teamId: team.id } }),
    ]);
    expect(await audit('organization.team.member.removed')).toEqual([
      expect.objectContaining({ userId: bob.id, details: { organizationId: org.id, teamId: team.id } }),
    ]);
    expect(await audit('organization.team.deleted')).toEqual([
      expect.objectContaining({ details: { organizationId: org.id, teamId: team.id, name: 'Product design' } }),
    ]);
  });

  it('records role created, updated (permission, name) and deleted; refusals record nothing', async () => {
    const { person, post, audit } = await setup({ organization: { dynamicAccessControl: { enabled: true } } });
    const owner = await person('owner');
    const org = (await post(owner, '/create', { name: 'Acme', slug: 'acme' })).data;
    const created = await post(owner, '/create-role', { role: 'Support', permission: { member: ['update'] } });
    expect(created.status).toBe(200);
    expect((await post(owner, '/create-role', { role: 'admin', permission: {} })).status).toBe(400);
    expect((await post(owner, '/update-role', { roleName: 'support', data: { permission: { member: ['update', 'delete'] } } })).status).toBe(200);
    expect((await post(owner, '/update-role', { roleName: 'support', data: { roleName: 'helpdesk' } })).status).toBe(200);
    expect((await post(owner, '/delete-role', { roleName: 'helpdesk' })).status).toBe(200);

    const roleId = created.data.roleData.id;
    expect(await audit('organization.role.created')).toEqual([
      expect.objectContaining({ actorId: owner.id, details: { organizationId: org.id, roleId, role: 'support', permission: { member: ['update'] } } }),
    ]);
    const updates = (await audit('organization.role.updated')).map((e) => e.details);
    expect(updates).toEqual(
      expect.arrayContaining([
        { organizationId: org.id, roleId, role: 'support', permission: { member: ['update', 'delete'] } },
        { organizationId: org.id, roleId, role: 'helpdesk', renamedFrom: 'support' },
      ]),
    );
    expect(updates).toHaveLength(2);
    expect(await audit('organization.role.deleted')).toEqual([expect.objectContaining({ details: { organizationId: org.id, roleId, role: 'helpdesk' } })]);
  });
});
