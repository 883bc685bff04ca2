import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The admin area after each action shows what the server now holds, without a reload: the
 * sessions a ban deleted are gone from the panel, the panel follows a user the table no longer
 * lists, and an admin acting on their own account sees the consequence (no admin page, signed out).
 */
let stack: Stack;

describeBrowser('the admin area follows the server in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('admin-screens');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const makeAdmin = async (name: string) => {
    const email = uniqueEmail('admin');
    const made = await stack.cli(['create-user', '--role', 'admin', '--email', email, '--password', 'admin-password-1', '--name', name]);
    expect(made.code, made.out).toBe(0);
    return email;
  };

  const openAdmin = async (email: string, options?: { width: number; height: number }) => {
    const page = await stack.page(options);
    await signInOnPage(stack, page, email, 'admin-password-1');
    // Landed: the phone's menu closes when a page opens, so it is opened only once the landing page is shown.
    await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
    // On a phone the areas are under the header's "Menu".
    if (options && options.width <= 640) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Admin' }).click();
    await shows(page.getByRole('heading', { name: 'Users', level: 1 }));
    return page;
  };

  /** Searches for `email` and opens its panel. */
  const manage = async (page: Page, email: string) => {
    await page.getByLabel('Search').fill(email);
    await page.getByRole('button', { name: `Manage ${email}` }).click();
    const panel = page.getByRole('region', { name: `Manage ${email}` });
    await shows(panel);
    return panel;
  };

  const apiSignIn = async (email: string, password: string) => {
    const r = await fetch(`${stack.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ email, password }),
    });
    expect(r.status).toBe(200);
  };

  it(
    'revoke one session, then ban: the sessions the ban deleted leave the panel at once',
    async () => {
      const admin = await openAdmin(await makeAdmin('Ada Admin'));
      const userEmail = uniqueEmail('sid');
      await apiSignUp(stack, { name: 'Sid Sessions', email: userEmail, password: 'sid-password-1' });
      await apiSignIn(userEmail, 'sid-password-1');
      await apiSignIn(userEmail, 'sid-password-1');

      const panel = await manage(admin, userEmail);
      const revoke = panel.getByRole('button', { name: 'Revoke', exact: true });
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(3);
      await revoke.first().click();
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(2);

      await panel.getByLabel('Reason').fill('Selling accounts');
      await panel.getByRole('button', { name: 'Ban', exact: true }).click();
      await showsText(panel, 'Banned: Selling accounts (no expiry)');
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(0);
      await showsText(panel, 'No active sessions.');
      await absent(panel.getByRole('button', { name: 'Revoke all sessions' }));
      // The table's status says so on one line (it used to break as "Banne / d" beside a long email).
      const status = admin.getByRole('table').getByRole('cell', { name: 'Banned', exact: true });
      const lines = await status.evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      await stack.shot(admin, 'banned-no-sessions');

      await panel.getByRole('button', { name: 'Unban' }).click();
      await shows(panel.getByRole('button', { name: 'Ban', exact: true }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'create a user, then set their role where the table no longer lists them: the panel shows the server',
    async () => {
      const admin = await openAdmin(await makeAdmin('Bea Admin'), { width: 390, height: 844 });
      const carol = uniqueEmail('carol');
      await admin.getByRole('button', { name: 'Create user' }).click();
      const create = admin.getByRole('region', { name: 'Create user' });
      await create.getByLabel('Name').fill('Carol Created');
      await create.getByLabel('Email').fill(carol);
      await create.getByLabel('Password', { exact: true }).fill('carol-password-1');
      await create.getByLabel('Role').selectOption('admin');
      await create.getByRole('button', { name: 'Create user' }).click();
      await showsText(admin.getByRole('status'), `User ${carol} was created; a verification email was sent.`);

      // Only admins listed; Carol is one, until her role changes.
      await admin.getByLabel('Show').selectOption('admins');
      const panel = await manage(admin, carol);
      const role = panel.locator('dd').nth(1);
      await showsText(role, /^Admin$/);
      await panel.getByLabel('Role').selectOption('user');
      await panel.getByRole('button', { name: 'Set role' }).click();
      await absent(admin.getByRole('table'));
      await showsText(admin.locator('main'), 'No users match.');
      await showsText(role, /^User$/);
      expect(await panel.getByLabel('Role').inputValue()).toBe('user');
      await stack.shot(admin, 'role-set-phone');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an admin who takes away their own admin role loses the admin page at once',
    async () => {
      const email = await makeAdmin('Cleo Admin');
      const admin = await openAdmin(email);
      const panel = await manage(admin, email);
      await panel.getByLabel('Role').selectOption('user');
      await panel.getByRole('button', { name: 'Set role' }).click();
      await showsText(admin.getByRole('alert'), 'Only admins can access this page.');
      await absent(admin.getByRole('link', { name: 'Admin' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an admin who revokes all their own sessions is signed out on the screen too',
    async () => {
      const email = await makeAdmin('Dora Admin');
      const admin = await openAdmin(email);
      const panel = await manage(admin, email);
      await panel.getByRole('button', { name: 'Revoke all sessions' }).click();
      // Asked first; "Cancel" keeps every session.
      const confirm = admin.getByRole('dialog', { name: `Revoke all sessions of ${email}?` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await absent(admin.getByRole('dialog'));
      await shows(admin.getByRole('button', { name: 'Sign out' }));
      await panel.getByRole('button', { name: 'Revoke all sessions' }).click();
      await confirm.getByRole('button', { name: 'Revoke sessions' }).click();
      await absent(admin.getByRole('button', { name: 'Sign out' }));
      await shows(admin.getByRole('button', { name: 'Sign in', exact: true }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'removing the only user of the last page shows the page before, not an empty one',
    async () => {
      const tag = `pager${Date.now().toString(36)}`;
      for (let i = 0; i < 21; i++) {
        await apiSignUp(stack, { name: `Pat ${i}`, email: `${tag}-${String(i).padStart(2, '0')}@example.com`, password: 'pager-password-1' });
      }
      const admin = await openAdmin(await makeAdmin('Eve Admin'));
      await admin.getByLabel('Search').fill(tag);
      const status = admin.locator('main .row.between .muted');
      await showsText(status, /^Showing 1–20 of 21$/);
      await admin.getByRole('button', { name: 'Next page' }).click();
      await showsText(status, /^Showing 21–21 of 21$/);
      const last = `${tag}-00@example.com`;
      await admin.getByRole('button', { name: `Manage ${last}` }).click();
      const panel = admin.getByRole('region', { name: `Manage ${last}` });
      await panel.getByRole('button', { name: 'Remove', exact: true }).click();
      await admin
        .getByRole('dialog', { name: `Remove ${last}?` })
        .getByRole('button', { name: `Yes, remove ${last}` })
        .click();
      await showsText(admin.getByRole('status'), `User ${last} was removed.`);
      await showsText(status, /^Showing 1–20 of 20$/);
      await expect.poll(() => admin.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBe(21);
      await absent(admin.getByText('No users match.'));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a user removed by someone else meanwhile: the next action on the panel shows that they no longer exist',
    async () => {
      const admin = await openAdmin(await makeAdmin('Fay Admin'));
      const gone = uniqueEmail('gone');
      await apiSignUp(stack, { name: 'Gus Gone', email: gone, password: 'gone-password-1' });
      const panel = await manage(admin, gone);
      const userId = await admin.evaluate(
        async (email) => (await (await fetch(`/api/auth/admin/list-users?searchValue=${encodeURIComponent(email)}`)).json()).users[0].id as string,
        gone,
      );
      // Another admin's removal, as this page does not see it.
      const removed = await admin.evaluate(
        async (id) =>
          (
            await fetch('/api/auth/admin/remove-user', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ userId: id }),
            })
          ).status,
        userId,
      );
      expect(removed).toBe(200);
      await panel.getByLabel('New password').fill('another-password-1');
      await panel.getByRole('button', { name: 'Set password' }).click();
      await showsText(panel.getByRole('status'), 'This user no longer exists.');
      await absent(admin.getByRole('button', { name: `Manage ${gone}` }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
