import { describe, expect } from 'vitest';
import { gatehouseTest } from '../../test-kit.js';

// The invitation page's context line (issue 37): "Ada Lovelace invited you to Acme Robotics as Admin" needs the inviter's name.
const test = gatehouseTest();

describe('organization: get-invitation names the inviter', () => {
  test("answers the inviter's name beside their email, and keeps every field better-auth's client reads", async ({ t, user, organization }) => {
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: user.id }], { name: 'Ada Lovelace' });
    const guestJar = t.newJar();
    await t.signUp({ email: 'guest@example.com' }, guestJar);
    const invited = await t.call('/organization/invite-member', {
      body: { email: 'guest@example.com', role: 'admin', organizationId: organization.id },
      jar: user.jar,
    });
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);

    const res = await t.call('/organization/get-invitation', { query: { id: invited.data.id }, jar: guestJar });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({
      id: invited.data.id,
      organizationId: organization.id,
      email: 'guest@example.com',
      role: 'admin',
      status: 'pending',
      inviterId: user.id,
      organizationName: 'Acme',
      organizationSlug: organization.slug,
      inviterEmail: user.email,
      inviterName: 'Ada Lovelace',
    });
  });

  test('answers null for an inviter with no name (the page then names them by email)', async ({ t, user, organization }) => {
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: user.id }], { name: '' });
    const guestJar = t.newJar();
    await t.signUp({ email: 'nameless@example.com' }, guestJar);
    const invited = await t.call('/organization/invite-member', {
      body: { email: 'nameless@example.com', role: 'member', organizationId: organization.id },
      jar: user.jar,
    });
    const res = await t.call('/organization/get-invitation', { query: { id: invited.data.id }, jar: guestJar });
    expect(res.data).toMatchObject({ inviterEmail: user.email, inviterName: null });
  });
});
