import { test as base } from 'vitest';
import type { GatehouseOptions } from '../plugins/index.js';
import { type CookieJar, createTestClient, type TestClient, uniqueEmail } from './harness.js';

/** A person signed up and signed in, in a jar of their own. */
export interface Person {
  id: string;
  email: string;
  password: string;
  jar: CookieJar;
}

/** The usual set-up of a route test, each made on first use and closed after the test. */
export interface GatehouseFixtures {
  /** A Gatehouse on a fresh database (the test dialect: SQLite, or TEST_DIALECT's), closed after the test. */
  t: TestClient;
  /** A signed-in person. */
  user: Person;
  /** A signed-in administrator (the admin plugin's `admin` role). */
  admin: Person;
  /** An organization `user` owns (the organization plugin). */
  organization: { id: string; slug: string; name: string };
}

async function signedIn(t: TestClient, tag: string): Promise<Person> {
  const jar = t.newJar();
  const { email, password, data } = await t.signUp({ email: uniqueEmail(tag) }, jar);
  return { id: (data.user as { id: string }).id, email, password, jar };
}

/**
 * Vitest's `test` with Gatehouse's fixtures for these options:
 *
 * @example
 * const test = gatehouseTest({ organization: { teams: { enabled: true } } });
 * test('an owner renames their organization', async ({ t, user, organization }) => {
 *   const r = await t.call('/organization/update', { body: { organizationId: organization.id, data: { name: 'B' } }, jar: user.jar });
 *   expect(r.data.name).toBe('B');
 * });
 */
export function gatehouseTest(options: GatehouseOptions = {}) {
  return base.extend<GatehouseFixtures>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its first parameter's pattern.
    t: async ({}, use) => {
      const t = await createTestClient(options);
      await use(t);
      await t.auth.close();
    },
    user: async ({ t }, use) => use(await signedIn(t, 'user')),
    admin: async ({ t }, use) => {
      const person = await signedIn(t, 'admin');
      await (await t.auth.context()).adapter.update('user', [{ field: 'id', value: person.id }], { role: 'admin' });
      await use(person);
    },
    organization: async ({ t, user }, use) => {
      const slug = `org-${Math.random().toString(36).slice(2, 10)}`;
      const created = await t.call('/organization/create', { body: { name: 'Acme', slug }, jar: user.jar });
      if (created.status !== 200) throw new Error(`organization/create failed: ${created.status} ${JSON.stringify(created.data)}`);
      await use({ id: created.data.id, slug: created.data.slug, name: created.data.name });
    },
  });
}
