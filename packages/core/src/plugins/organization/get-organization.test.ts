import { describe, expect, it } from 'vitest';
import { type CookieJar, useTestClients } from '../../test-kit.js';
import { ORGANIZATION_ERRORS } from './errors.js';

// GET /organization/get-organization: better-auth 1.7's organization.getOrganization, the organization alone.

const clients = useTestClients();

type Org = { id: string; name: string; slug: string; members?: unknown };

async function setup() {
  const t = await clients.open();
  const person = async (name: string) => {
    const jar: CookieJar = t.newJar();
    const { data } = await t.signUp({ name, email: `${name.toLowerCase()}@example.com` }, jar);
    return { jar, id: (data.user as { id: string }).id };
  };
  const ada = await person('Ada');
  const org = (await t.json<Org>('/organization/create', { body: { name: 'Acme', slug: 'acme' }, jar: ada.jar })).data;
  const get = (jar: CookieJar | null, query: Record<string, string> = {}) =>
    t.json<Org | null>(`/organization/get-organization?${new URLSearchParams(query)}`, { jar });
  return { t, ada, org, person, get };
}

describe('organization: get-organization', () => {
  it('answers the organization by id, by slug or the active one, without members', async () => {
    const { ada, org, get } = await setup();
    for (const query of [{ organizationId: org.id }, { organizationSlug: 'acme' }, {}] as Record<string, string>[]) {
      const res = await get(ada.jar, query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.data).toMatchObject({ id: org.id, name: 'Acme', slug: 'acme' });
      expect(res.data).not.toHaveProperty('members');
    }
  });

  it('answers null without an active one; 400 unknown, 403 to a non-member, 401 signed out', async () => {
    const { org, person, get } = await setup();
    const bob = await person('Bob');
    expect(await get(bob.jar)).toMatchObject({ status: 200, data: null });
    expect(await get(bob.jar, { organizationId: 'nope' })).toMatchObject({
      status: 400,
      data: { code: 'ORGANIZATION_NOT_FOUND', message: ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND },
    });
    expect(await get(bob.jar, { organizationId: org.id })).toMatchObject({
      status: 403,
      data: { code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', message: ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION },
    });
    expect((await get(null, { organizationId: org.id })).status).toBe(401);
  });
});
