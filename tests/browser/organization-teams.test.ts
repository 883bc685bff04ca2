import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Teams and custom roles in the app, with `organization.teams` and `organization.dynamicAccessControl`
 * on: an owner creates an organization (its first team comes with it, active), creates, fills,
 * activates, renames and removes teams, then creates, edits and deletes a role of its own.
 */
let stack: Stack;

describeBrowser('organization teams and roles journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('organization-teams', { organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'create organization → Teams: create, add a member, make active, rename, remove → Roles: create, edit, delete',
    async () => {
      const email = uniqueEmail('teams-owner');
      await apiSignUp(stack, { name: 'Tara Teams', email, password: 'teams-password-1' });
      const page = await stack.page();
      await signInOnPage(stack, page, email, 'teams-password-1');

      await page.goto(`${stack.url}/organizations`);
      await shows(page.getByRole('heading', { name: 'Organizations', level: 1 }));
      const create = page.getByRole('region', { name: 'Create organization' });
      await create.getByLabel('Name').fill('Acme Rockets');
      await showsText(create, 'This slug is available.');
      await create.getByRole('button', { name: 'Create organization' }).click();
      await showsText(create.getByRole('status'), 'Organization Acme Rockets was created and is now active.');

      // Teams: the organization's first team is there, active, with its creator in it.
      await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Teams' }).click();
      await shows(page.getByRole('heading', { name: 'Teams', level: 1 }));
      const list = page.getByRole('region', { name: 'Teams of Acme Rockets' });
      const first = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Acme Rockets', level: 3 }) });
      await showsText(first, 'Active team');
      await showsText(first, 'Tara Teams');

      const createTeam = page.getByRole('region', { name: 'Create a team' });
      await createTeam.getByLabel('Team name').fill('Platform');
      await createTeam.getByRole('button', { name: 'Create team' }).click();
      const platform = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Platform', level: 3 }) });
      await showsText(platform, "Only the team's own members see who is in it.");
      await stack.shot(page, 'teams-created');

      // Into Platform, then Platform active.
      await platform.getByLabel('Member').selectOption({ label: `Tara Teams (${email})` });
      await platform.getByRole('button', { name: 'Add to team Platform' }).click();
      await showsText(platform, 'You are in this team');
      // The picker offers only people not in the team yet: with Tara in both, nobody is left to add.
      await showsText(platform, 'Everyone in the organization is in this team.');
      await showsText(first, 'Everyone in the organization is in this team.');
      await platform.getByRole('button', { name: 'Make active Platform' }).click();
      await showsText(platform, 'Active team');
      await absent(first.getByText('Active team'));

      // The header's switcher names the active organization and team, and switches the team back.
      const switcher = page.getByRole('button', { name: 'Organization and team: Acme Rockets · Platform' });
      await shows(switcher);
      await switcher.click();
      const panel = page.getByRole('region', { name: 'Organization and team' });
      await showsText(panel, 'Your teams in Acme Rockets');
      await stack.shots(page, 'teams-switcher');
      await panel.getByRole('button', { name: 'Make active: Acme Rockets' }).click();
      await shows(page.getByRole('button', { name: 'Organization and team: Acme Rockets · Acme Rockets' }));
      await showsText(first, 'Active team');
      await page.keyboard.press('Escape');
      await platform.getByRole('button', { name: 'Make active Platform' }).click();
      await shows(page.getByRole('button', { name: 'Organization and team: Acme Rockets · Platform' }));

      // Renamed, and the first team removed (it is no longer the active one).
      await platform.getByRole('button', { name: 'Rename Platform' }).click();
      await platform.getByLabel('Team name').fill('Platform Engineering');
      await platform.getByRole('button', { name: 'Save name' }).click();
      await shows(list.getByRole('heading', { name: 'Platform Engineering', level: 3 }));
      await first.getByRole('button', { name: 'Remove team Acme Rockets' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove Acme Rockets?' });
      await dialog.getByRole('button', { name: 'Remove team' }).click();
      await absent(list.getByRole('heading', { name: 'Acme Rockets', level: 3 }));
      await stack.shots(page, 'teams-after');

      // Roles: one of the organization's own, with two permissions; then one fewer; then gone.
      await page.goto(`${stack.url}/organizations`);
      await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Roles' }).click();
      await shows(page.getByRole('heading', { name: 'Roles', level: 1 }));
      const roles = page.getByRole('region', { name: 'Roles of Acme Rockets' });
      await showsText(roles, 'There are no custom roles yet.');
      const createRole = page.getByRole('region', { name: 'Create a role' });
      // The permission matrix is the app's, not the browser's framed fieldset.
      const grid = createRole.getByRole('group', { name: 'Permissions' });
      expect(await grid.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
      await stack.shots(page, 'roles-form');
      await createRole.getByLabel('Role name').fill('Auditor');
      await createRole.getByLabel('Invitations: create').check();
      await createRole.getByLabel('Roles: read').check();
      await createRole.getByRole('button', { name: 'Create role' }).click();
      const auditor = roles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'auditor', level: 3 }) });
      await showsText(auditor, 'Invitations: create');
      await showsText(auditor, 'Roles: read');
      await stack.shot(page, 'roles-created');

      await auditor.getByRole('button', { name: 'Edit permissions auditor' }).click();
      await auditor.getByLabel('Invitations: create').uncheck();
      await auditor.getByRole('button', { name: 'Save permissions' }).click();
      await expect.poll(async () => (await auditor.locator('p.muted').first().innerText()).trim()).toBe('Roles: read');

      // The organization's own role is offered where members are invited.
      await page.goto(`${stack.url}/organizations`);
      const org = page.getByRole('region', { name: 'Acme Rockets' });
      const auditorEmail = uniqueEmail('audit');
      await org.getByLabel('Email').fill(auditorEmail);
      await org.getByLabel('Role').selectOption('auditor');
      await org.getByRole('button', { name: 'Invite', exact: true }).click();
      await showsText(org, 'Pending invitations');
      await showsText(org.getByRole('listitem').filter({ hasText: auditorEmail }), /auditor/);
      await page.goto(`${stack.url}/organizations/roles`);

      await auditor.getByRole('button', { name: 'Delete role auditor' }).click();
      await page.getByRole('dialog', { name: 'Delete the role auditor?' }).getByRole('button', { name: 'Delete role' }).click();
      await showsText(roles, 'There are no custom roles yet.');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
