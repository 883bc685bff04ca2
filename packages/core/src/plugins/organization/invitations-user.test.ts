import { describe, expect, it } from 'vitest';
import { type CookieJar, useTestClients } from '../../test-kit.js';
import { ORGANIZATION_ERRORS } from './errors.js';

// list-user-invitations and get-active-member-role (issue 35), over HTTP.

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

const clients = useTestClients();

async function setup() {
  const { t } = await clients.openWithMail({});
  const ctx = await t.auth.context();
  const person = async (name: string, verified = true): Promise<Person> => {
    const jar = t.newJar();
    const email = `${name}@example.com`;
    const { data } = await t.signUp({ name, email }, jar);
    const id = (data.user as { id: string }).id;
    if (verified) await ctx.adapter.update('user', [{ field: 'id', value: id }], { emailVerified: true });
    return { jar, email, id };
  };
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  type Data = any;
  const post = (who: Person | null, path: string, body: unknown = {}) => t.json<Data>(`/organization${path}`, { body, jar: who ? who.jar : null });
  const get = (who: Person | null, path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return t.json<Data>(`/organization${path}${qs ? `?${qs}` : ''}`, { jar: who ? who.jar : null });
  };
  const organization = async (owner: Person, slug: string) => {
    const res = await post(owner, '/create', { name: `Org ${slug}`, slug });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data as { id: string; name: string; slug: string };
  };
  const invite = async (inviter: Person, email: string, organizationId: string, role = 'member') => {
    const res = await post(inviter, '/invite-member', { email, role, organizationId });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data as { id: string };
  };
  return { t, ctx, person, post, get, organization, invite };
}

function expectOrgError(res: { status: number; data: unknown }, status: number, code: keyof typeof ORGANIZATION_ERRORS): void {
  expect(res.status, JSON.stringify(res.data)).toBe(status);
  expect(res.data).toEqual({ code, message: ORGANIZATION_ERRORS[code] });
}

describe('GET /organization/list-user-invitations', () => {
  it('lists the open invitations sent to the caller, with organization name, slug and inviter email', async () => {
    const { t, person, get, organization, invite } = await setup();
    const alice = await person('alice');
    const carol = await person('carol');
    const bob = await person('bob');
    const acme = await organization(alice, 'acme');
    const globex = await organization(carol, 'globex');
    const first = await invite(alice, bob.email, acme.id, 'admin');
    t.clock.advance(1); // the answer is ordered by creation time: one second apart
    const second = await invite(carol, 'BOB@example.com', globex.id);
    await invite(alice, 'someone-else@example.com', acme.id);

    const res = await get(bob, '/list-user-invitations');
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toHaveLength(2);
    expect(res.data[0]).toMatchObject({
      id: first.id,
      email: bob.email,
      role: 'admin',
      status: 'pending',
      organizationId: acme.id,
      organizationName: 'Org acme',
      organizationSlug: 'acme',
      inviterId: alice.id,
      inviterEmail: alice.email,
    });
    expect(typeof res.data[0].expiresAt).toBe('string');
    expect(res.data[1]).toMatchObject({ id: second.id, organizationId: globex.id, organizationName: 'Org globex', inviterEmail: carol.email });
  });

  it('leaves out answered, canceled and expired invitations', async () => {
    const { t, person, post, get, organization, invite } = await setup();
    const alice = await person('alice');
    const bob = await person('bob');
    const orgs = await Promise.all(['o1', 'o2', 'o3', 'o4'].map((s) => organization(alice, s)));
    const rejected = await invite(alice, bob.email, orgs[0]!.id);
    const canceled = await invite(alice, bob.email, orgs[1]!.id);
    const accepted = await invite(alice, bob.email, orgs[2]!.id);
    expect((await post(bob, '/reject-invitation', { invitationId: rejected.id })).status).toBe(200);
    expect((await post(alice, '/cancel-invitation', { invitationId: canceled.id })).status).toBe(200);
    expect((await post(bob, '/accept-invitation', { invitationId: accepted.id })).status).toBe(200);
    expect((await get(bob, '/list-user-invitations')).data).toEqual([]);

    const open = await invite(alice, bob.email, orgs[3]!.id);
    expect((await get(bob, '/list-user-invitations')).data.map((i: { id: string }) => i.id)).toEqual([open.id]);
    t.clock.advance(172800 + 1);
    expect((await get(bob, '/list-user-invitations')).data).toEqual([]);
  });

  it('refuses a caller whose email is unverified (403) and a signed-out one (401)', async () => {
    const { person, get, organization, invite } = await setup();
    const alice = await person('alice');
    const bob = await person('bob', false);
    const acme = await organization(alice, 'acme');
    await invite(alice, bob.email, acme.id);
    expectOrgError(await get(bob, '/list-user-invitations'), 403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
    expect((await get(null, '/list-user-invitations')).status).toBe(401);
  });

  it('never lists invitations for another address given in the query', async () => {
    const { person, get, organization, invite } = await setup();
    const alice = await person('alice');
    const mallory = await person('mallory');
    const acme = await organization(alice, 'acme');
    await invite(alice, 'bob@example.com', acme.id);
    const res = await get(mallory, '/list-user-invitations', { email: 'bob@example.com' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([]);
  });

  it('answers the message in the caller’s language, the code unchanged', async () => {
    const { t, person } = await setup();
    const bob = await person('bob', false);
    const res = await t.json<{ code: string; message: string }>('/organization/list-user-invitations', { jar: bob.jar, headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
    expect(res.data.message).not.toBe(ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION);
  });
});

describe('GET /organization/get-active-member-role', () => {
  it('answers the caller’s role in the active organization, or a fellow member’s by userId', async () => {
    const { person, post, get, organization, invite } = await setup();
    const alice = await person('alice');
    const bob = await person('bob');
    const acme = await organization(alice, 'acme');
    const inv = await invite(alice, bob.email, acme.id, 'admin');
    expect((await post(bob, '/accept-invitation', { invitationId: inv.id })).status).toBe(200);

    expect(await get(alice, '/get-active-member-role')).toMatchObject({ status: 200, data: { role: 'owner' } });
    expect(await get(bob, '/get-active-member-role')).toMatchObject({ status: 200, data: { role: 'admin' } });
    expect(await get(bob, '/get-active-member-role', { userId: alice.id })).toMatchObject({ status: 200, data: { role: 'owner' } });
    expect(await get(alice, '/get-active-member-role', { userId: bob.id, organizationId: acme.id })).toMatchObject({ status: 200, data: { role: 'admin' } });
    expect(await get(alice, '/get-active-member-role', { organizationSlug: 'acme' })).toMatchObject({ status: 200, data: { role: 'owner' } });
  });

  it('refuses non-members, questions about non-members, no active organization and no session', async () => {
    const { person, get, organization } = await setup();
    const alice = await person('alice');
    const mallory = await person('mallory');
    const acme = await organization(alice, 'acme');
    expectOrgError(await get(mallory, '/get-active-member-role'), 400, 'NO_ACTIVE_ORGANIZATION');
    expectOrgError(await get(mallory, '/get-active-member-role', { organizationId: acme.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expectOrgError(await get(mallory, '/get-active-member-role', { organizationId: 'no-such-organization' }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expectOrgError(await get(alice, '/get-active-member-role', { userId: mallory.id }), 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expectOrgError(await get(alice, '/get-active-member-role', { organizationSlug: 'nope' }), 400, 'ORGANIZATION_NOT_FOUND');
    expect((await get(null, '/get-active-member-role')).status).toBe(401);
  });
});
