import { describe, expect } from 'vitest';
import { gatehouseTest } from './fixtures.js';

const test = gatehouseTest();

describe('the test kit: typed calls and fixtures', () => {
  test('a call is typed from its route: input, method and answer', async ({ t, user }) => {
    const session = await t.call('/get-session', { jar: user.jar });
    expect(session.status).toBe(200);
    expect(session.data?.user.email).toBe(user.email);
    const refused = await t.call('/sign-in/email', { body: { email: user.email, password: 'not the password' }, jar: null });
    expect(refused.status).toBe(401);
    expect(refused.error).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    const checked = await t.call('/is-username-available', { body: { username: 'freename' } });
    expect(checked.data.available).toBe(true);
  });

  test('renaming a route or a field breaks the call at compile time', async ({ t }) => {
    // @ts-expect-error: no such route
    await t.call('/sign-in/e-mail', { body: { email: 'a@example.com', password: 'x' } }).catch(() => undefined);
    // @ts-expect-error: the route's body has no such field
    await t.call('/sign-in/email', { body: { mail: 'a@example.com', password: 'x' } });
    const answer = await t.call('/is-username-available', { body: { username: 'someone' } });
    // @ts-expect-error: the answer has no such field
    expect(answer.data.isAvailable).toBeUndefined();
  });

  test('an admin, and an organization its owner made', async ({ t, admin, user, organization }) => {
    const listed = await t.call('/admin/list-users', { query: { limit: 5 }, jar: admin.jar });
    expect(listed.status).toBe(200);
    expect(listed.data.total).toBeGreaterThanOrEqual(2);
    const refused = await t.call('/admin/list-users', { query: { limit: 5 }, jar: user.jar });
    expect(refused.status).toBe(403);
    const full = await t.call('/organization/get-full-organization', { query: { organizationId: organization.id }, jar: user.jar });
    expect(full.data?.slug).toBe(organization.slug);
    expect(full.data?.members.map((m) => m.userId)).toEqual([user.id]);
  });
});
