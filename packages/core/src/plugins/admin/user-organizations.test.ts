import { describe, expect } from 'vitest';
import { gatehouseTest } from '../../test-kit.js';
import { ADMIN_ERRORS } from './errors.js';

// GET /admin/list-user-organizations (issue 37): the admin user page's Organizations tab.
const test = gatehouseTest({ organization: { dynamicAccessControl: { enabled: true } } });
const untouched = gatehouseTest({ organization: { enabled: false } });

describe('GET /admin/list-user-organizations', () => {
  test("lists the user's memberships with the organization, the role and when they joined, oldest first", async ({ t, admin, user, organization }) => {
    // Each membership a minute after the one before: rows created in the same instant have no order.
    t.clock.advance(60);
    const second = await t.call('/organization/create', { body: { name: 'Globex', slug: 'globex-x1' }, jar: user.jar });
    expect(second.status).toBe(200);
    // A custom role, given to the user in a third organization the admin owns: it is listed by its name.
    const third = await t.call('/organization/create', { body: { name: 'Initech', slug: 'initech-x1' }, jar: admin.jar });
    expect(third.status).toBe(200);
    const created = await t.call('/organization/create-role', {
      body: { role: 'auditor', permission: { member: ['create'] }, organizationId: third.data.id },
      jar: admin.jar,
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    t.clock.advance(60);
    const invited = await t.call('/organization/invite-member', {
      body: { email: user.email, role: 'auditor', organizationId: third.data.id },
      jar: admin.jar,
    });
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);
    expect((await t.call('/organization/accept-invitation', { body: { invitationId: invited.data.id }, jar: user.jar })).status).toBe(200);

    const res = await t.call('/admin/list-user-organizations', { query: { userId: user.id }, jar: admin.jar });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data.organizations.map((o) => [o.name, o.slug, o.role])).toEqual([
      ['Acme', organization.slug, 'owner'],
      ['Globex', 'globex-x1', 'owner'],
      ['Initech', 'initech-x1', 'auditor'],
    ]);
    expect(res.data.organizations[0]).toEqual({
      organizationId: organization.id,
      name: 'Acme',
      slug: organization.slug,
      role: 'owner',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Date.parse(res.data.organizations[2]!.joinedAt)).toBeGreaterThan(Date.parse(res.data.organizations[0]!.joinedAt));
    // Someone in none: an empty list.
    expect(await t.call('/admin/list-user-organizations', { query: { userId: admin.id }, jar: admin.jar })).toMatchObject({
      status: 200,
      data: { organizations: [{ name: 'Initech', role: 'owner' }] },
    });
  });

  test('is for admins only, and says when the user does not exist or no id is given', async ({ t, admin, user }) => {
    const own = await t.call('/admin/list-user-organizations', { query: { userId: user.id }, jar: user.jar });
    expect(own.status).toBe(403);
    expect(own.error).toEqual({ code: 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT', message: ADMIN_ERRORS.ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT });
    expect((await t.call('/admin/list-user-organizations', { query: { userId: user.id }, jar: null })).status).toBe(401);
    const missing = await t.call('/admin/list-user-organizations', { query: { userId: 'no-such-user' }, jar: admin.jar });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('USER_NOT_FOUND');
    const none = await t.json('/admin/list-user-organizations', { jar: admin.jar });
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  untouched('answers an empty list when organizations are off', async ({ t, admin, user }) => {
    const res = await t.call('/admin/list-user-organizations', { query: { userId: user.id }, jar: admin.jar });
    expect(res).toMatchObject({ status: 200, data: { organizations: [] } });
  });
});
