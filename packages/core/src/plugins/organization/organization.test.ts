import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, useTestClients } from '../../test-kit.js';
import { ORGANIZATION_ERRORS } from './errors.js';

// Everything over HTTP through the test harness; mails are captured in-process.

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

/** A test instance with captured mail and helpers for the organization routes. */
async function setup(options: GatehouseOptions = {}) {
  const { t, mails } = await clients.openWithMail(options);
  const ctx = await t.auth.context();

  const person = async (name: string): Promise<Person> => {
    const jar = t.newJar();
    const email = `${name}@example.com`;
    const { data } = await t.signUp({ name, email }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  type Data = any;
  const post = (who: Person | null, path: string, body: unknown = {}) => t.json<Data>(`/organization${path}`, { body, jar: who ? who.jar : null });
  const get = (who: Person | null, path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return t.json<Data>(`/organization${path}${qs ? `?${qs}` : ''}`, { jar: who ? who.jar : null });
  };
  const session = async (who: Person) => (await t.json<Data>('/get-session', { jar: who.jar })).data.session;

  /** `who` joins `organizationId` with `role` through a real invitation. */
  const join = async (inviter: Person, who: Person, organizationId: string, role: string) => {
    const invited = await post(inviter, '/invite-member', { email: who.email, role, organizationId });
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);
    const accepted = await post(who, '/accept-invitation', { invitationId: invited.data.id });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    return accepted.data.member as { id: string; role: string; userId: string };
  };

  /** An organization with an owner, an admin and a plain member. */
  const team = async (slug = 'acme') => {
    const owner = await person(`owner-${slug}`);
    const admin = await person(`admin-${slug}`);
    const member = await person(`member-${slug}`);
    const created = await post(owner, '/create', { name: `Org ${slug}`, slug });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const org = created.data as { id: string; slug: string; members: { id: string }[] };
    const adminMember = await join(owner, admin, org.id, 'admin');
    const plainMember = await join(owner, member, org.id, 'member');
    return { owner, admin, member, org, ownerMemberId: org.members[0]!.id, adminMemberId: adminMember.id, memberMemberId: plainMember.id };
  };

  /** Alice, owner of the organization Acme, and Bob, who is not a member of it. */
  const acmeAndBob = async () => {
    const alice = await person('alice');
    const bob = await person('bob');
    const org = (await post(alice, '/create', { name: 'Acme', slug: 'acme' })).data as { id: string };
    return { alice, bob, org };
  };

  return { t, ctx, mails, person, post, get, session, join, team, acmeAndBob };
}

/** The answer is the catalogued organization error `code` with `status`. */
function expectOrgError(res: { status: number; data: unknown }, status: number, code: keyof typeof ORGANIZATION_ERRORS): void {
  expect(res.status, JSON.stringify(res.data)).toBe(status);
  expect(res.data).toEqual({ code, message: ORGANIZATION_ERRORS[code] });
}

let env: Awaited<ReturnType<typeof setup>> | undefined;
const clients = useTestClients();

describe('organization: create and check-slug', () => {
  it('creates the organization with its owner in one go and makes it active', async () => {
    env = await setup();
    const { person, post, session } = env;
    const alice = await person('alice');
    const res = await post(alice, '/create', { name: 'Acme', slug: 'acme', logo: 'https://x.test/l.png', metadata: { plan: 'pro' } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ name: 'Acme', slug: 'acme', logo: 'https://x.test/l.png', metadata: { plan: 'pro' } });
    expect(res.data.members).toEqual([expect.objectContaining({ userId: alice.id, role: 'owner', organizationId: res.data.id })]);
    expect((await session(alice)).activeOrganizationId).toBe(res.data.id);
  });

  it('refuses a taken slug, at create and at check-slug', async () => {
    env = await setup();
    const { person, post } = env;
    const alice = await person('alice');
    expect((await post(alice, '/check-slug', { slug: 'acme' })).data).toEqual({ status: true });
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    expectOrgError(await post(alice, '/create', { name: 'Other', slug: 'acme' }), 400, 'ORGANIZATION_ALREADY_EXISTS');
    expectOrgError(await post(alice, '/check-slug', { slug: 'acme' }), 400, 'ORGANIZATION_ALREADY_EXISTS');
  });

  it('needs a session, a name and a slug', async () => {
    env = await setup();
    const { person, post } = env;
    expect((await post(null, '/create', { name: 'Acme', slug: 'acme' })).status).toBe(401);
    const alice = await person('alice');
    const res = await post(alice, '/create', { name: 'Acme' });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('VALIDATION_ERROR');
  });

  it('honours allowUserToCreateOrganization, as a boolean or a function of the user', async () => {
    env = await setup({ organization: { allowUserToCreateOrganization: false } });
    const alice = await env.person('alice');
    expectOrgError(await env.post(alice, '/create', { name: 'Acme', slug: 'acme' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
    await env.t.auth.close();

    env = await setup({ organization: { allowUserToCreateOrganization: (user) => String(user.email).startsWith('boss') } });
    const boss = await env.person('boss');
    const bob = await env.person('bob');
    expect((await env.post(boss, '/create', { name: 'Acme', slug: 'acme' })).status).toBe(200);
    expectOrgError(await env.post(bob, '/create', { name: 'Bobco', slug: 'bobco' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
  });

  it('stops at organizationLimit', async () => {
    env = await setup({ organization: { organizationLimit: 1 } });
    const alice = await env.person('alice');
    expect((await env.post(alice, '/create', { name: 'One', slug: 'one' })).status).toBe(200);
    expectOrgError(await env.post(alice, '/create', { name: 'Two', slug: 'two' }), 403, 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
  });

  it('gives the creator creatorRole', async () => {
    env = await setup({ organization: { creatorRole: 'admin' } });
    const alice = await env.person('alice');
    const res = await env.post(alice, '/create', { name: 'Acme', slug: 'acme' });
    expect(res.data.members[0].role).toBe('admin');
  });

  it('creates for another user only when the caller is an admin', async () => {
    env = await setup();
    const { person, post, ctx, session } = env;
    const alice = await person('alice');
    const bob = await person('bob');
    expectOrgError(await post(alice, '/create', { name: 'Bobco', slug: 'bobco', userId: bob.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
    await ctx.adapter.update('user', [{ field: 'id', value: alice.id }], { role: 'admin' });
    const res = await post(alice, '/create', { name: 'Bobco', slug: 'bobco', userId: bob.id });
    expect(res.status).toBe(200);
    expect(res.data.members[0]).toMatchObject({ userId: bob.id, role: 'owner' });
    // The admin's own session does not switch to someone else's organization.
    expect((await session(alice)).activeOrganizationId ?? null).toBeNull();
    expect((await post(alice, '/create', { name: 'X', slug: 'x', userId: 'nobody' })).data.code).toBe('USER_NOT_FOUND');
  });
});

describe('organization: update and delete', () => {
  it('lets owner and admin update, not a member or an outsider', async () => {
    env = await setup();
    const { team, post, person } = env;
    const { owner, admin, member, org } = await team();
    const byOwner = await post(owner, '/update', { data: { name: 'Acme Inc', metadata: { a: 1 } }, organizationId: org.id });
    expect(byOwner.data).toMatchObject({ name: 'Acme Inc', slug: 'acme', metadata: { a: 1 } });
    const byAdmin = await post(admin, '/update', { data: { slug: 'acme-inc' }, organizationId: org.id });
    expect(byAdmin.data).toMatchObject({ name: 'Acme Inc', slug: 'acme-inc' });
    expectOrgError(await post(member, '/update', { data: { name: 'Mine' }, organizationId: org.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION');
    const outsider = await person('outsider');
    expectOrgError(await post(outsider, '/update', { data: { name: 'Mine' }, organizationId: org.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  });

  it('uses the active organization by default and says when there is none or it is unknown', async () => {
    env = await setup();
    const { person, post } = env;
    const alice = await person('alice');
    expectOrgError(await post(alice, '/update', { data: { name: 'X' } }), 400, 'NO_ACTIVE_ORGANIZATION');
    expectOrgError(await post(alice, '/update', { data: { name: 'X' }, organizationId: 'nope' }), 400, 'ORGANIZATION_NOT_FOUND');
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    await post(alice, '/create', { name: 'Other', slug: 'other' });
    expect((await post(alice, '/update', { data: { name: 'Renamed' } })).data).toMatchObject({ slug: 'other', name: 'Renamed' });
    expectOrgError(await post(alice, '/update', { data: { slug: 'acme' } }), 400, 'ORGANIZATION_ALREADY_EXISTS');
  });

  it('lets only the owner delete; members, invitations and active organizations go with it', async () => {
    env = await setup();
    const { team, post, get, session, person, ctx } = env;
    const { owner, admin, member, org } = await team();
    await post(owner, '/invite-member', { email: 'later@example.com', role: 'member', organizationId: org.id });
    expectOrgError(await post(admin, '/delete', { organizationId: org.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION');
    expectOrgError(await post(member, '/delete', { organizationId: org.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION');
    const outsider = await person('outsider');
    expectOrgError(await post(outsider, '/delete', { organizationId: org.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expect((await session(admin)).activeOrganizationId).toBe(org.id);

    const res = await post(owner, '/delete', { organizationId: org.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: org.id, slug: 'acme' });
    for (const who of [owner, admin, member]) expect((await session(who)).activeOrganizationId).toBeNull();
    expectOrgError(await get(owner, '/get-full-organization', { organizationId: org.id }), 400, 'ORGANIZATION_NOT_FOUND');
    expect(await ctx.adapter.count('member', [{ field: 'organizationId', value: org.id }])).toBe(0);
    expect(await ctx.adapter.count('invitation', [{ field: 'organizationId', value: org.id }])).toBe(0);
    expectOrgError(await post(owner, '/delete', { organizationId: org.id }), 400, 'ORGANIZATION_NOT_FOUND');
  });
});

describe('organization: reading and switching', () => {
  it('answers the full organization by id, slug or the active one, to members only', async () => {
    env = await setup();
    const { team, get, person, post } = env;
    const { owner, member, org } = await team();
    await post(owner, '/invite-member', { email: 'later@example.com', role: 'member' });
    const byActive = await get(owner, '/get-full-organization');
    expect(byActive.status).toBe(200);
    expect(byActive.data.id).toBe(org.id);
    expect(byActive.data.members).toHaveLength(3);
    const ownerEntry = byActive.data.members.find((m: { role: string }) => m.role === 'owner');
    expect(Object.keys(ownerEntry.user).sort()).toEqual(['email', 'id', 'image', 'name']);
    expect(ownerEntry.user.email).toBe(owner.email);
    // Every invitation, answered ones included (the app shows the pending ones).
    expect(byActive.data.invitations.map((i: { email: string; status: string }) => `${i.email}:${i.status}`).sort()).toEqual([
      'admin-acme@example.com:accepted',
      'later@example.com:pending',
      'member-acme@example.com:accepted',
    ]);
    expect((await get(member, '/get-full-organization', { organizationSlug: 'acme' })).data.id).toBe(org.id);
    expect((await get(member, '/get-full-organization', { organizationId: org.id })).data.id).toBe(org.id);
    expectOrgError(await get(member, '/get-full-organization', { organizationSlug: 'nope' }), 400, 'ORGANIZATION_NOT_FOUND');
    const outsider = await person('outsider');
    expect((await get(outsider, '/get-full-organization')).data).toBeNull();
    expectOrgError(await get(outsider, '/get-full-organization', { organizationId: org.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expect((await get(null, '/get-full-organization')).status).toBe(401);
  });

  it('switches, clears and refuses foreign organizations with set-active', async () => {
    env = await setup();
    const { person, post, session } = env;
    const alice = await person('alice');
    const one = (await post(alice, '/create', { name: 'One', slug: 'one' })).data;
    const two = (await post(alice, '/create', { name: 'Two', slug: 'two' })).data;
    expect((await session(alice)).activeOrganizationId).toBe(two.id);
    const switched = await post(alice, '/set-active', { organizationId: one.id });
    expect(switched.data).toMatchObject({ id: one.id, members: [expect.objectContaining({ userId: alice.id })] });
    expect((await session(alice)).activeOrganizationId).toBe(one.id);
    expect((await post(alice, '/set-active', { organizationSlug: 'two' })).data.id).toBe(two.id);
    expect((await post(alice, '/set-active', {})).data.id).toBe(two.id);
    expect((await post(alice, '/set-active', { organizationId: null })).data).toBeNull();
    expect((await session(alice)).activeOrganizationId).toBeNull();
    expect((await post(alice, '/set-active', {})).data).toBeNull();
    expectOrgError(await post(alice, '/set-active', { organizationId: 'nope' }), 400, 'ORGANIZATION_NOT_FOUND');
    const bob = await person('bob');
    expectOrgError(await post(bob, '/set-active', { organizationId: one.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  });

  it('keeps the session cookie cache in step with the active organization', async () => {
    env = await setup({ session: { cookieCache: { enabled: true } } });
    const { person, post, session } = env;
    const alice = await person('alice');
    const one = (await post(alice, '/create', { name: 'One', slug: 'one' })).data;
    expect((await session(alice)).activeOrganizationId).toBe(one.id);
    await post(alice, '/set-active', { organizationId: null });
    expect((await session(alice)).activeOrganizationId).toBeNull();
  });

  it('does not make a session fresh again by switching', async () => {
    env = await setup();
    const { person, post, session, t } = env;
    const alice = await person('alice');
    const before = await session(alice);
    t.clock.advance(3600);
    await post(alice, '/create', { name: 'One', slug: 'one' });
    expect((await session(alice)).updatedAt).toBe(before.updatedAt);
  });

  it('lists the caller’s organizations', async () => {
    env = await setup();
    const { person, post, get } = env;
    const alice = await person('alice');
    const bob = await person('bob');
    expect((await get(alice, '/list')).data).toEqual([]);
    await post(alice, '/create', { name: 'One', slug: 'one' });
    await post(bob, '/create', { name: 'Two', slug: 'two' });
    const list = await get(alice, '/list');
    expect(list.data.map((o: { slug: string }) => o.slug)).toEqual(['one']);
    expect((await get(null, '/list')).status).toBe(401);
  });
});

describe('organization: switched off', () => {
  it('answers 404 on every route and has no tables', async () => {
    env = await setup({ organization: { enabled: false } });
    const alice = await env.person('alice');
    for (const path of ['/create', '/invite-member', '/accept-invitation', '/has-permission']) {
      const res = await env.t.request(`/organization${path}`, { body: {}, jar: alice.jar });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('');
    }
    expect((await env.t.request('/organization/list', { jar: alice.jar })).status).toBe(404);
    expect(env.ctx.schema.organization).toBeUndefined();
    expect(env.ctx.schema.session!.fields.activeOrganizationId).toBeUndefined();
    expect((await env.t.json('/providers')).data.features).toMatchObject({ organization: false });
  });
});

describe('organization members: reading', () => {
  it('answers the active member, or says there is no active organization', async () => {
    env = await setup();
    const { team, get, person, post } = env;
    const { admin, org } = await team();
    const res = await get(admin, '/get-active-member');
    expect(res.data).toMatchObject({ organizationId: org.id, userId: admin.id, role: 'admin', user: { email: admin.email } });
    const loner = await person('loner');
    expectOrgError(await get(loner, '/get-active-member'), 400, 'NO_ACTIVE_ORGANIZATION');
    await post(admin, '/set-active', { organizationId: null });
    expectOrgError(await get(admin, '/get-active-member'), 400, 'NO_ACTIVE_ORGANIZATION');
  });

  it('answers MEMBER_NOT_FOUND when the active organization is no longer the caller’s', async () => {
    env = await setup();
    const { team, get, ctx } = env;
    const { member, org, memberMemberId } = await team();
    // A membership removed behind the routes' back (e.g. by a script).
    await ctx.adapter.delete('member', [{ field: 'id', value: memberMemberId }]);
    expect(org.id).toBeTruthy();
    expectOrgError(await get(member, '/get-active-member'), 400, 'MEMBER_NOT_FOUND');
  });

  it('lists members with their users, a page at a time, to members only', async () => {
    env = await setup();
    const { team, get, person } = env;
    const { member, org } = await team();
    const all = await get(member, '/list-members');
    expect(all.data.total).toBe(3);
    expect(all.data.members.map((m: { role: string }) => m.role).sort()).toEqual(['admin', 'member', 'owner']);
    expect(all.data.members[0].user).toHaveProperty('email');
    const page = await get(member, '/list-members', { organizationId: org.id, limit: '1', offset: '1' });
    expect(page.data.members).toHaveLength(1);
    expect(page.data.total).toBe(3);
    const outsider = await person('outsider');
    expectOrgError(await get(outsider, '/list-members', { organizationId: org.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expectOrgError(await get(outsider, '/list-members'), 400, 'NO_ACTIVE_ORGANIZATION');
  });
});

describe('organization members: roles', () => {
  it('lets owner and admin change roles; a member cannot', async () => {
    env = await setup();
    const { team, post } = env;
    const { owner, admin, member, memberMemberId, adminMemberId } = await team();
    const up = await post(admin, '/update-member-role', { memberId: memberMemberId, role: 'admin' });
    expect(up.data).toMatchObject({ id: memberMemberId, role: 'admin' });
    const down = await post(owner, '/update-member-role', { memberId: memberMemberId, role: ['member'] });
    expect(down.data.role).toBe('member');
    expectOrgError(await post(member, '/update-member-role', { memberId: adminMemberId, role: 'member' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expectOrgError(await post(member, '/update-member-role', { memberId: memberMemberId, role: 'admin' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
  });

  it('keeps the owner role in owners’ hands and the last owner in place', async () => {
    env = await setup();
    const { team, post } = env;
    const { owner, admin, ownerMemberId, memberMemberId, adminMemberId } = await team();
    expectOrgError(await post(admin, '/update-member-role', { memberId: memberMemberId, role: 'owner' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expectOrgError(await post(admin, '/update-member-role', { memberId: ownerMemberId, role: 'member' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    expectOrgError(
      await post(owner, '/update-member-role', { memberId: ownerMemberId, role: 'admin' }),
      400,
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
    );
    expect((await post(owner, '/update-member-role', { memberId: adminMemberId, role: 'owner' })).data.role).toBe('owner');
    // With a second owner, the first may step down.
    expect((await post(owner, '/update-member-role', { memberId: ownerMemberId, role: 'admin' })).data.role).toBe('admin');
  });

  it('refuses unknown roles and members', async () => {
    env = await setup();
    const { team, post } = env;
    const { owner, memberMemberId } = await team();
    expectOrgError(await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'emperor' }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'member,emperor' }), 400, 'ROLE_NOT_FOUND');
    expectOrgError(await post(owner, '/update-member-role', { memberId: 'nope', role: 'member' }), 400, 'MEMBER_NOT_FOUND');
  });

  it('takes application-defined roles from options.organization.roles', async () => {
    env = await setup({ organization: { roles: { billing: { organization: ['update'] }, member: { invitation: ['create'] } } } });
    const { team, post, get } = env;
    const { owner, member, memberMemberId, org } = await team();
    expect((await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'billing' })).data.role).toBe('billing');
    expect((await post(member, '/update', { data: { name: 'Billing renamed' } })).data.name).toBe('Billing renamed');
    expect((await post(member, '/has-permission', { permissions: { organization: ['update'] } })).data).toEqual({ error: null, success: true });
    expect((await post(member, '/has-permission', { permissions: { member: ['delete'] } })).data).toEqual({ error: null, success: false });
    // The redefined "member" role may now invite.
    await post(owner, '/update-member-role', { memberId: memberMemberId, role: 'member' });
    expect((await post(member, '/invite-member', { email: 'friend@example.com', role: 'member', organizationId: org.id })).status).toBe(200);
    expect((await get(member, '/list-invitations')).data.some((i: { email: string }) => i.email === 'friend@example.com')).toBe(true);
  });
});

describe('organization members: removal and leaving', () => {
  it('lets admins remove members by id or email, clearing their active organization everywhere', async () => {
    env = await setup();
    const { team, post, session, t, get } = env;
    const { admin, member, memberMemberId, org } = await team();
    // A second session of the member, also on this organization.
    const second = t.newJar();
    await t.json('/sign-in/email', { body: { email: member.email, password: 'correct horse battery' }, jar: second });
    await post({ ...member, jar: second }, '/set-active', { organizationId: org.id });

    const res = await post(admin, '/remove-member', { memberIdOrEmail: member.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.data.member).toMatchObject({ id: memberMemberId, userId: member.id });
    expect((await session(member)).activeOrganizationId).toBeNull();
    expect((await session({ ...member, jar: second })).activeOrganizationId).toBeNull();
    expect((await session(admin)).activeOrganizationId).toBe(org.id);
    expect((await get(admin, '/list-members')).data.total).toBe(2);
    expectOrgError(await post(admin, '/remove-member', { memberIdOrEmail: memberMemberId }), 400, 'MEMBER_NOT_FOUND');
    expectOrgError(await post(admin, '/remove-member', { memberIdOrEmail: 'nobody@example.com' }), 400, 'MEMBER_NOT_FOUND');
  });

  it('refuses a member removing others, an admin removing an owner, and removing the only owner', async () => {
    env = await setup();
    const { team, post } = env;
    const { owner, admin, member, ownerMemberId, adminMemberId } = await team();
    expectOrgError(await post(member, '/remove-member', { memberIdOrEmail: adminMemberId }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
    expectOrgError(await post(admin, '/remove-member', { memberIdOrEmail: ownerMemberId }), 403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
    expectOrgError(await post(owner, '/remove-member', { memberIdOrEmail: ownerMemberId }), 400, 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
    // A member may remove themselves.
    expect((await post(member, '/remove-member', { memberIdOrEmail: member.email })).status).toBe(200);
    // An owner removes an admin.
    expect((await post(owner, '/remove-member', { memberIdOrEmail: adminMemberId })).status).toBe(200);
  });

  it('lets members leave, but not the only owner; leaving clears the active organization', async () => {
    env = await setup();
    const { team, post, session, person, join } = env;
    const { owner, member, org } = await team();
    expectOrgError(await post(owner, '/leave', { organizationId: org.id }), 400, 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
    const left = await post(member, '/leave', { organizationId: org.id });
    expect(left.data).toMatchObject({ userId: member.id, organizationId: org.id });
    expect((await session(member)).activeOrganizationId).toBeNull();
    expectOrgError(await post(member, '/leave', { organizationId: org.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expectOrgError(await post(member, '/leave', { organizationId: 'nope' }), 400, 'ORGANIZATION_NOT_FOUND');
    const coOwner = await person('co-owner');
    await join(owner, coOwner, org.id, 'owner');
    expect((await post(owner, '/leave', { organizationId: org.id })).status).toBe(200);
    expect((await session(owner)).activeOrganizationId).toBeNull();
  });
});

describe('organization: has-permission', () => {
  it('answers per role, for the active organization or a named one', async () => {
    env = await setup();
    const { team, post, person } = env;
    const { owner, admin, member, org } = await team();
    const ask = (who: typeof owner, permissions: Record<string, string[]>) =>
      post(who, '/has-permission', { permissions, organizationId: org.id }).then((r) => r.data.success);
    expect(await ask(owner, { organization: ['delete'] })).toBe(true);
    expect(await ask(admin, { organization: ['delete'] })).toBe(false);
    expect(await ask(admin, { organization: ['update'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'] })).toBe(true);
    expect(await ask(member, { invitation: ['create'] })).toBe(false);
    // The built-in statements of teams and roles (CONTRACT.md "Teams and custom roles"): owner all, admin all but organization:delete, member ac:read.
    expect(await ask(admin, { team: ['create', 'update', 'delete'], ac: ['create', 'read', 'update', 'delete'] })).toBe(true);
    expect(await ask(member, { ac: ['read'] })).toBe(true);
    expect(await ask(member, { ac: ['create'] })).toBe(false);
    expect(await ask(member, { team: ['create'] })).toBe(false);
    expect(await ask(member, { unknown: ['x'] })).toBe(false);
    expect((await post(member, '/has-permission', { permissions: { member: ['update'] } })).data).toEqual({ error: null, success: false });
    expect((await post(member, '/has-permission', { permissions: {} })).status).toBe(400);
    const outsider = await person('outsider');
    expectOrgError(await post(outsider, '/has-permission', { permissions: { member: ['update'] } }), 400, 'NO_ACTIVE_ORGANIZATION');
    expectOrgError(
      await post(outsider, '/has-permission', { permissions: { member: ['update'] }, organizationId: org.id }),
      403,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
  });
});

const INVITATION_URL = /^http:\/\/localhost:3000\/accept-invitation\/([A-Za-z0-9_-]+)$/m;

describe('organization invitations: inviting', () => {
  it('mails {baseURL}/accept-invitation/{id} on a line of its own, valid two days', async () => {
    env = await setup();
    const { person, post, mails, t } = env;
    const alice = await person('alice');
    const org = (await post(alice, '/create', { name: 'Acme', slug: 'acme' })).data;
    const res = await post(alice, '/invite-member', { email: 'Bob@Example.com', role: 'member' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ organizationId: org.id, email: 'bob@example.com', role: 'member', status: 'pending', inviterId: alice.id });
    expect(new Date(res.data.expiresAt).getTime()).toBe(t.clock.ms + 172800 * 1000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('bob@example.com');
    expect(mails[0]!.subject).toContain('Acme');
    const match = mails[0]!.text.match(INVITATION_URL);
    expect(match?.[1]).toBe(res.data.id);
    expect(mails[0]!.text).not.toContain('/api/auth/accept-invitation');
  });

  it('honours invitationExpiresIn and the base URL', async () => {
    env = await setup({ baseURL: 'https://auth.example.org', organization: { invitationExpiresIn: 60 } });
    const { t, ctx, mails } = env;
    // https base URL: drive the handler with a matching origin.
    const jar = t.newJar();
    await t.signUp({ name: 'Alice', email: 'alice@example.com' }, jar);
    await t.json('/organization/create', { body: { name: 'Acme', slug: 'acme' }, jar });
    const res = await t.json<{ id: string; expiresAt: string }>('/organization/invite-member', { body: { email: 'bob@example.com', role: 'member' }, jar });
    expect(new Date(res.data.expiresAt).getTime()).toBe(t.clock.ms + 60_000);
    expect(mails[0]!.text.split('\n')).toContain(`https://auth.example.org/accept-invitation/${res.data.id}`);
    expect(ctx.baseURL).toBe('https://auth.example.org');
  });

  it('refuses members without the invite permission, and non-owners inviting owners', async () => {
    env = await setup();
    const { team, post, person } = env;
    const { owner, admin, member, org } = await team();
    expectOrgError(
      await post(member, '/invite-member', { email: 'x@example.com', role: 'member' }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    );
    expectOrgError(await post(admin, '/invite-member', { email: 'x@example.com', role: 'owner' }), 403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
    expect((await post(admin, '/invite-member', { email: 'x@example.com', role: 'admin' })).status).toBe(200);
    expect((await post(owner, '/invite-member', { email: 'y@example.com', role: 'owner' })).status).toBe(200);
    const outsider = await person('outsider');
    expectOrgError(
      await post(outsider, '/invite-member', { email: 'x@example.com', role: 'member', organizationId: org.id }),
      403,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
    expectOrgError(await post(outsider, '/invite-member', { email: 'x@example.com', role: 'member' }), 400, 'NO_ACTIVE_ORGANIZATION');
  });

  it('refuses unknown roles, bad emails, members and addresses already invited; resend renews', async () => {
    env = await setup();
    const { team, post, mails, t } = env;
    const { owner, member } = await team();
    expectOrgError(await post(owner, '/invite-member', { email: 'x@example.com', role: 'emperor' }), 400, 'ROLE_NOT_FOUND');
    const bad = await post(owner, '/invite-member', { email: 'not-an-email', role: 'member' });
    expect(bad.status).toBe(400);
    expect(bad.data.code).toBe('INVALID_EMAIL');
    expectOrgError(await post(owner, '/invite-member', { email: member.email, role: 'member' }), 400, 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');

    const first = await post(owner, '/invite-member', { email: 'x@example.com', role: 'member' });
    expectOrgError(await post(owner, '/invite-member', { email: 'X@example.com', role: 'member' }), 400, 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION');
    const sent = mails.length;
    t.clock.advance(3600);
    const again = await post(owner, '/invite-member', { email: 'x@example.com', role: 'member', resend: true });
    expect(again.data.id).toBe(first.data.id);
    expect(new Date(again.data.expiresAt).getTime()).toBe(t.clock.ms + 172800 * 1000);
    expect(mails).toHaveLength(sent + 1);
    // Once the first invitation has expired, a new one may be made.
    t.clock.advance(172801);
    const fresh = await post(owner, '/invite-member', { email: 'x@example.com', role: 'member' });
    expect(fresh.status).toBe(200);
    expect(fresh.data.id).not.toBe(first.data.id);
  });

  it('keeps no invitation when its mail cannot be sent', async () => {
    let fail = true;
    env = await setup({
      email: {
        send: async () => {
          if (fail) throw new Error('smtp down');
        },
      },
    });
    const { person, post, get } = env;
    const alice = await person('alice');
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    const res = await post(alice, '/invite-member', { email: 'bob@example.com', role: 'member' });
    expect(res.status).toBe(503);
    expect(res.data.code).toBe('MAIL_DELIVERY_FAILED');
    expect((await get(alice, '/list-invitations')).data).toEqual([]);
    fail = false;
    expect((await post(alice, '/invite-member', { email: 'bob@example.com', role: 'member' })).status).toBe(200);
  });

  it('lists the organization’s invitations to its members', async () => {
    env = await setup();
    const { team, post, get, person } = env;
    const { owner, member, org } = await team();
    await post(owner, '/invite-member', { email: 'x@example.com', role: 'member' });
    const list = await get(member, '/list-invitations');
    expect(list.data.map((i: { email: string }) => i.email)).toContain('x@example.com');
    expect((await get(member, '/list-invitations', { organizationId: org.id })).data).toEqual(list.data);
    const outsider = await person('outsider');
    expectOrgError(await get(outsider, '/list-invitations', { organizationId: org.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expectOrgError(await get(outsider, '/list-invitations'), 400, 'NO_ACTIVE_ORGANIZATION');
  });
});

describe('organization invitations: answering', () => {
  it('shows the invitation to its recipient only, with organization and inviter', async () => {
    env = await setup();
    const { person, post, get } = env;
    const alice = await person('alice');
    const bob = await person('bob');
    const carol = await person('carol');
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    const inv = (await post(alice, '/invite-member', { email: bob.email, role: 'member' })).data;
    const res = await get(bob, '/get-invitation', { id: inv.id });
    expect(res.data).toMatchObject({ id: inv.id, status: 'pending', organizationName: 'Acme', organizationSlug: 'acme', inviterEmail: alice.email });
    expectOrgError(await get(carol, '/get-invitation', { id: inv.id }), 403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
    expectOrgError(await get(bob, '/get-invitation', { id: 'nope' }), 400, 'INVITATION_NOT_FOUND');
    expect((await get(null, '/get-invitation', { id: inv.id })).status).toBe(401);
  });

  it('accepts: a member with the invited role, the organization active, the invitation spent', async () => {
    env = await setup();
    const { person, post, get, session } = env;
    const alice = await person('alice');
    const bob = await person('bob');
    const carol = await person('carol');
    const org = (await post(alice, '/create', { name: 'Acme', slug: 'acme' })).data;
    const inv = (await post(alice, '/invite-member', { email: bob.email, role: 'admin' })).data;
    expectOrgError(await post(carol, '/accept-invitation', { invitationId: inv.id }), 403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
    const res = await post(bob, '/accept-invitation', { invitationId: inv.id });
    expect(res.status).toBe(200);
    expect(res.data.invitation).toMatchObject({ id: inv.id, status: 'accepted' });
    expect(res.data.member).toMatchObject({ organizationId: org.id, userId: bob.id, role: 'admin' });
    expect((await session(bob)).activeOrganizationId).toBe(org.id);
    expectOrgError(await post(bob, '/accept-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expectOrgError(await post(bob, '/reject-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expect((await get(bob, '/get-invitation', { id: inv.id })).data.status).toBe('accepted');
    expectOrgError(await post(bob, '/accept-invitation', { invitationId: 'nope' }), 400, 'INVITATION_NOT_FOUND');
  });

  it('rejects: the invitation is marked rejected and no member is made', async () => {
    env = await setup();
    const { person, post, get } = env;
    const alice = await person('alice');
    const bob = await person('bob');
    const carol = await person('carol');
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    const inv = (await post(alice, '/invite-member', { email: bob.email, role: 'member' })).data;
    expectOrgError(await post(carol, '/reject-invitation', { invitationId: inv.id }), 403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
    const res = await post(bob, '/reject-invitation', { invitationId: inv.id });
    expect(res.data).toEqual({ invitation: expect.objectContaining({ id: inv.id, status: 'rejected' }), member: null });
    expectOrgError(await post(bob, '/accept-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expect((await get(alice, '/list-members')).data.total).toBe(1);
  });

  it('refuses an expired invitation (test clock)', async () => {
    env = await setup();
    const { person, post, t } = env;
    const alice = await person('alice');
    const bob = await person('bob');
    await post(alice, '/create', { name: 'Acme', slug: 'acme' });
    const inv = (await post(alice, '/invite-member', { email: bob.email, role: 'member' })).data;
    t.clock.advance(172800 - 1);
    await t.json('/get-session', { jar: bob.jar }); // keeps Bob's session alive
    const early = (await post(alice, '/invite-member', { email: 'c@example.com', role: 'member' })).data;
    t.clock.advance(1);
    expectOrgError(await post(bob, '/accept-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expectOrgError(await post(bob, '/reject-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expect(early.status).toBe('pending');
  });

  it('refuses an invitation whose inviter has left', async () => {
    env = await setup();
    const { team, post, get, person } = env;
    const { owner, admin, org } = await team();
    const dave = await person('dave');
    const inv = (await post(admin, '/invite-member', { email: dave.email, role: 'member', organizationId: org.id })).data;
    await post(owner, '/remove-member', { memberIdOrEmail: admin.email });
    expectOrgError(await get(dave, '/get-invitation', { id: inv.id }), 400, 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
    expectOrgError(await post(dave, '/accept-invitation', { invitationId: inv.id }), 400, 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
    // Declining is still possible.
    expect((await post(dave, '/reject-invitation', { invitationId: inv.id })).status).toBe(200);
  });

  it('refuses to accept for someone who is already a member', async () => {
    env = await setup();
    const { acmeAndBob, post, ctx } = env;
    const { alice, bob, org } = await acmeAndBob();
    const inv = (await post(alice, '/invite-member', { email: bob.email, role: 'member' })).data;
    // Bob was added by other means (a server-side script) meanwhile.
    await ctx.adapter.create('member', { organizationId: org.id, userId: bob.id, role: 'member' });
    expectOrgError(await post(bob, '/accept-invitation', { invitationId: inv.id }), 400, 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
  });

  it('keeps one membership per user and organization in the database itself', async () => {
    env = await setup();
    const { acmeAndBob, post, ctx } = env;
    const { alice, bob, org } = await acmeAndBob();
    const other = (await post(alice, '/create', { name: 'Other', slug: 'other' })).data;
    await ctx.adapter.create('member', { organizationId: org.id, userId: bob.id, role: 'member' });
    // What two racing requests would do: the second row is refused by the unique index.
    const twice = ctx.adapter.create('member', { organizationId: org.id, userId: bob.id, role: 'admin' });
    await expect(twice).rejects.toSatisfy((e: unknown) => ctx.database.caps.isUniqueViolation(e));
    // The same user in another organization, and another user in this one, are fine.
    await ctx.adapter.create('member', { organizationId: other.id, userId: bob.id, role: 'member' });
    expect(await ctx.adapter.count('member', [{ field: 'userId', value: bob.id }])).toBe(2);
  });
});

describe('organization members: upgrading a database whose memberships repeat', () => {
  it('skips only the unique index, says so, keeps serving, and creates it once the repeats are gone', async () => {
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (_: object | string, msg?: string) => void warnings.push(msg ?? '') };
    env = await setup({ logger });
    const { acmeAndBob, get, ctx, t } = env;
    const { alice, bob, org } = await acmeAndBob();
    // A database from before the index, where a race once added bob twice.
    const index = 'member_organizationId_userId_uidx';
    await sql.raw(ctx.database.caps.name === 'mysql' ? `drop index ${index} on member` : `drop index "${index}"`).execute(ctx.database.db);
    await ctx.adapter.create('member', { organizationId: org.id, userId: bob.id, role: 'member' });
    const repeat = await ctx.adapter.create<{ id: string }>('member', { organizationId: org.id, userId: bob.id, role: 'member' });

    const steps = await t.auth.migrate();
    expect(steps).toEqual([expect.objectContaining({ kind: 'create-index', table: 'member', skipped: expect.stringContaining('rows of member repeat') })]);
    expect(warnings.filter((w) => w.startsWith('migration step skipped'))).toHaveLength(1);
    expect((await get(alice, '/list-members', { organizationId: org.id })).status).toBe(200);

    await ctx.adapter.delete('member', [{ field: 'id', value: repeat!.id }]);
    const again = await t.auth.migrate();
    expect(again).toEqual([expect.objectContaining({ kind: 'create-index', table: 'member' })]);
    expect(again[0]!.skipped).toBeUndefined();
    expect(await t.auth.migrate()).toEqual([]);
  });
});

describe('organization invitations: cancelling', () => {
  it('lets owner and admin cancel, not a member; a cancelled invitation cannot be accepted', async () => {
    env = await setup();
    const { team, post, person, get } = env;
    const { owner, admin, member } = await team();
    const dave = await person('dave');
    const inv = (await post(owner, '/invite-member', { email: dave.email, role: 'member' })).data;
    expectOrgError(await post(member, '/cancel-invitation', { invitationId: inv.id }), 403, 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION');
    const outsider = await person('outsider');
    expectOrgError(await post(outsider, '/cancel-invitation', { invitationId: inv.id }), 403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    const res = await post(admin, '/cancel-invitation', { invitationId: inv.id });
    expect(res.data).toMatchObject({ id: inv.id, status: 'canceled' });
    expectOrgError(await post(owner, '/cancel-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expectOrgError(await post(owner, '/cancel-invitation', { invitationId: 'nope' }), 400, 'INVITATION_NOT_FOUND');
    expectOrgError(await post(dave, '/accept-invitation', { invitationId: inv.id }), 400, 'INVITATION_NOT_FOUND');
    expect((await get(dave, '/get-invitation', { id: inv.id })).data.status).toBe('canceled');
  });
});
