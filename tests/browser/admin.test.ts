import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Admin in the browser: an admin made with `gatehouse create-user --role admin` against the running
 * server's database searches a user, bans them (the user's sign-in then shows the ban message),
 * unbans, impersonates (banner "Impersonating {name}") and stops impersonating.
 */
let stack: Stack;

describeBrowser('admin journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('admin');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto(`${stack.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  it(
    'search → ban with a reason → the user sees the ban message → unban → impersonate → stop impersonating',
    async () => {
      const adminEmail = uniqueEmail('admin');
      const made = await stack.cli(['create-user', '--role', 'admin', '--email', adminEmail, '--password', 'admin-password-1', '--name', 'Ada Admin']);
      expect(made.code, made.out).toBe(0);
      const userEmail = uniqueEmail('mallory');
      await apiSignUp(stack, { name: 'Mallory Member', email: userEmail, password: 'mallory-password' });
      // Someone the search must leave out.
      await apiSignUp(stack, { name: 'Bystander', email: uniqueEmail('bystander'), password: 'bystander-password' });

      const admin = await stack.page();
      await signIn(admin, adminEmail, 'admin-password-1');
      await showsText(admin.getByRole('banner'), 'Ada Admin');
      await admin.getByRole('link', { name: 'Admin' }).click();
      await shows(admin.getByRole('heading', { name: 'Users', level: 1 }));
      await admin.getByLabel('Search').fill('mallory');
      const rows = admin.getByRole('table').getByRole('row');
      // The header row and Mallory's, nobody else.
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      await showsText(rows.nth(1), userEmail);
      await stack.shot(admin, '6-search');

      await admin.getByRole('button', { name: `Manage ${userEmail}` }).click();
      const panel = admin.getByRole('region', { name: `Manage ${userEmail}` });
      await shows(panel);
      await panel.getByLabel('Reason').fill('Spamming the forum');
      await panel.getByRole('button', { name: 'Ban', exact: true }).click();
      await showsText(panel, 'Banned: Spamming the forum (no expiry)');
      await showsText(rows.nth(1), 'Banned');
      await stack.shot(admin, '6-banned');

      // The server-side filter: only banned users.
      await admin.getByLabel('Search').fill('');
      await admin.getByLabel('Show').selectOption('banned');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      await showsText(rows.nth(1), userEmail);
      await admin.getByLabel('Show').selectOption('all');
      await admin.getByLabel('Search').fill('mallory');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);

      // The banned user's own sign-in shows the server's message, and not the reason.
      const user = await stack.page();
      await signIn(user, userEmail, 'mallory-password');
      await showsText(user.getByRole('alert'), /^You have been banned from this application$/);
      expect(await user.content()).not.toContain('Spamming');
      await absent(user.getByRole('button', { name: 'Sign out' }));
      await stack.shot(user, '6-user-sees-ban');

      await panel.getByRole('button', { name: 'Unban' }).click();
      await shows(panel.getByRole('button', { name: 'Ban', exact: true }));
      await expect.poll(() => rows.nth(1).textContent(), { timeout: 10_000 }).not.toContain('Banned');

      await panel.getByRole('button', { name: 'Impersonate' }).click();
      const banner = admin.getByRole('region', { name: 'Impersonation' });
      await showsText(banner, /^Impersonating Mallory Member/);
      await shows(admin.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(admin.getByRole('banner'), 'Mallory Member');
      await stack.shot(admin, '6-impersonating');
      await banner.getByRole('button', { name: 'Stop impersonating' }).click();
      await absent(admin.getByText(/^Impersonating /));
      await shows(admin.getByRole('heading', { name: 'Users', level: 1 }));
      await showsText(admin.getByRole('banner'), 'Ada Admin');
      await stack.shot(admin, '6-stopped-impersonating');

      // Unbanned, the user signs in again.
      await signIn(user, userEmail, 'mallory-password');
      await shows(user.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(user.getByRole('banner'), 'Mallory Member');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
