import { describe, expect, it } from 'vitest';
import { type CookieJar, useTestClients } from '../../test-kit.js';
import { ORGANIZATION_ERRORS } from './errors.js';

// The public read the invitation page shows before its reader signs in.

const clients = useTestClients();

async function setup() {
  const { t } = await clients.openWithMail();
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  type Data = any;
  const person = async (name: string, email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`) => {
    const jar: CookieJar = t.newJar();
    const { data } = await t.signUp({ name, email }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  const ada = await person('Ada Owner');
  const org = (await t.json<Data>('/organization/create', { body: { name: 'Acme Robotics', slug: 'acme' }, jar: ada.jar })).data as { id: string };
  const invite = async (email: string, role = 'admin') => {
    const res = await t.json<Data>('/organization/invite-member', { body: { email, role, organizationId: org.id }, jar: ada.jar });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data.id as string;
  };
  const preview = (id: string) => t.json<Data>(`/organization/invitation-preview?${new URLSearchParams({ id })}`, { jar: null });
  return { t, ada, org, person, invite, preview };
}

function expectNotFound(res: { status: number; data: unknown }) {
  expect(res.status, JSON.stringify(res.data)).toBe(400);
  expect(res.data).toEqual({ code: 'INVITATION_NOT_FOUND', message: ORGANIZATION_ERRORS.INVITATION_NOT_FOUND });
}

describe('organization: invitation-preview', () => {
  it('tells a signed-out reader the organization, the inviter and the role, and nothing more', async () => {
    const { invite, preview } = await setup();
    const id = await invite('new.person@example.com');
    const res = await preview(id);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ organizationName: 'Acme Robotics', inviterName: 'Ada Owner', role: 'admin' });
  });

  it('answers "not found" alike for an unknown id, an empty one, an answered, a cancelled and an expired invitation', async () => {
    const { t, ada, person, invite, preview } = await setup();
    expectNotFound(await preview('no-such-invitation'));
    expect((await preview('')).status).toBe(400);

    const bob = await person('Bob');
    const accepted = await invite(bob.email, 'member');
    expect((await t.json('/organization/accept-invitation', { body: { invitationId: accepted }, jar: bob.jar })).status).toBe(200);
    expectNotFound(await preview(accepted));

    const cancelled = await invite('carol@example.com');
    expect((await t.json('/organization/cancel-invitation', { body: { invitationId: cancelled }, jar: ada.jar })).status).toBe(200);
    expectNotFound(await preview(cancelled));

    const expiring = await invite('dan@example.com');
    t.clock.advance(49 * 3600);
    expectNotFound(await preview(expiring));
  });

  it('answers "not found" once the inviter has left the organization', async () => {
    const { t, org, person, invite, preview } = await setup();
    const bob = await person('Bob');
    // Bob joins as owner, invites, then leaves: his invitation no longer stands.
    const own = await invite(bob.email, 'owner');
    expect((await t.json('/organization/accept-invitation', { body: { invitationId: own }, jar: bob.jar })).status).toBe(200);
    const res = await t.json<{ id: string }>('/organization/invite-member', {
      body: { email: 'erin@example.com', role: 'member', organizationId: org.id },
      jar: bob.jar,
    });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect((await preview(res.data.id)).status).toBe(200);
    expect((await t.json('/organization/leave', { body: { organizationId: org.id }, jar: bob.jar })).status).toBe(200);
    expectNotFound(await preview(res.data.id));
  });
});
