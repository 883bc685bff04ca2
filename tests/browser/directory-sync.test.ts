import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Directory sync (SCIM) in the app, with `scim` on: an owner creates an organization, opens its
 * Directory sync page, copies the endpoint, makes a token for Okta (shown once), which provisions a
 * person over /scim/v2; then revokes it, and the directory is refused.
 */
let stack: Stack;

describeBrowser('directory sync journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('directory-sync', {
      organization: { teams: { enabled: true } },
      scim: { enabled: true, groups: { teams: true, roles: { 'Gatehouse Admins': 'admin' } } },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'create organization → Directory sync: endpoint, token shown once, used by the directory, revoked',
    async () => {
      const email = uniqueEmail('scim-owner');
      await apiSignUp(stack, { name: 'Sam Scim', email, password: 'scim-password-1' });
      const page = await stack.page();
      await signInOnPage(stack, page, email, 'scim-password-1');

      await page.goto(`${stack.url}/organizations`);
      await shows(page.getByRole('heading', { name: 'Organizations', level: 1 }));
      const create = page.getByRole('region', { name: 'Create organization' });
      await create.getByLabel('Name').fill('Globex Directory');
      await showsText(create, 'This slug is available.');
      await create.getByRole('button', { name: 'Create organization' }).click();
      await showsText(create.getByRole('status'), 'Organization Globex Directory was created and is now active.');

      await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Directory sync' }).click();
      await shows(page.getByRole('heading', { name: 'Directory sync', level: 1 }));
      const endpoint = `${stack.url}/api/auth/scim/v2`;
      await expect.poll(() => page.getByLabel('SCIM base URL').inputValue()).toBe(endpoint);
      await showsText(page.getByRole('region', { name: 'Connections' }), 'No directory is connected yet.');
      // What the directory's groups become here (scim.groups), in words.
      const endpointCard = page.getByRole('region', { name: 'SCIM endpoint' });
      await showsText(endpointCard, 'Each group is a team of this organization');
      await showsText(endpointCard, 'gatehouse admins → admin');
      await stack.shots(page, 'groups');

      const connect = page.getByRole('region', { name: 'Connect a directory' });
      await connect.getByLabel('Connection name').fill('okta');
      await connect.getByRole('button', { name: 'Create token' }).click();
      // Shown once, in the copy-this-secret dialog.
      const once = page.getByRole('dialog', { name: "The directory's token" });
      await showsText(once.getByRole('status'), 'it is shown only once');
      const token = await once.getByLabel('Bearer token').inputValue();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const connections = page.getByRole('region', { name: 'Connections' });
      await shows(connections.getByRole('heading', { name: 'okta', level: 3 }));
      await showsText(connections, 'The directory has not called yet.');
      await stack.shots(page, 'token-shown');

      // The directory uses it: a person is provisioned.
      const created = await fetch(`${endpoint}/Users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: uniqueEmail('provisioned') }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-type')).toBe('application/scim+json');

      // "I have saved it" hides the token for good; the page shows the directory's last request once reloaded.
      await once.getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByLabel('Bearer token'));
      await page.reload();
      await showsText(connections, /Last request .*: POST \/Users, answered 201/);

      // The directory pushes a group with that person: it is a team of the organization, on the Teams page.
      const person = (await created.json()) as { id: string };
      const group = await fetch(`${endpoint}/Groups`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Gatehouse Admins', members: [{ value: person.id }] }),
      });
      expect(group.status).toBe(201);
      await page.goto(`${stack.url}/organizations/teams`);
      await shows(page.getByRole('region', { name: 'Teams of Globex Directory' }).getByRole('heading', { name: 'Gatehouse Admins', level: 3 }));
      await page.goto(`${stack.url}/organizations/directory-sync`);

      // Revoked: the directory is refused.
      await connections.getByRole('button', { name: 'Revoke token of okta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke the token of okta?' });
      await dialog.getByRole('button', { name: 'Revoke token' }).click();
      await showsText(page.getByRole('status').filter({ hasText: 'was revoked' }), 'The token of okta was revoked.');
      await showsText(connections, 'No directory is connected yet.');
      const refused = await fetch(`${endpoint}/Users`, { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(401);
      await stack.shot(page, 'revoked');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
