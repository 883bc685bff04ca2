import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, signInOnPage, startStack, uniqueEmail } from './kit.js';

/**
 * The admin console in Chromium: after a few sign-ins (and a failed one) an admin sees the dashboard's
 * charts (SVG bars and lines drawn by recharts) and its number tiles, changes the range (kept in the URL),
 * opens a user's audit events from their admin panel, narrows the trail with the filters, and finds the
 * same view after a reload. Screenshots at 390 and 1280 px go to /tmp/admin-console-*.png.
 */
let stack: Stack;

async function apiSignIn(email: string, password: string): Promise<number> {
  const r = await fetch(`${stack.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
    body: JSON.stringify({ email, password }),
  });
  return r.status;
}

const shoot = (page: Page, name: string) => page.screenshot({ path: `/tmp/admin-console-${name}.png`, fullPage: true });

describeBrowser('admin console in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('admin-console');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'dashboard with charts and tiles → a user’s audit events → filters kept in the URL across a reload',
    async () => {
      const adminEmail = uniqueEmail('admin');
      const made = await stack.cli(['create-user', '--role', 'admin', '--email', adminEmail, '--password', 'admin-password-1', '--name', 'Ada Admin']);
      expect(made.code, made.out).toBe(0);
      const alice = uniqueEmail('alice');
      const bob = uniqueEmail('bob');
      await apiSignUp(stack, { name: 'Alice', email: alice, password: 'alice-password' });
      await apiSignUp(stack, { name: 'Bob', email: bob, password: 'bob-password-1' });
      expect(await apiSignIn(alice, 'alice-password')).toBe(200);
      expect(await apiSignIn(alice, 'alice-password')).toBe(200);
      expect(await apiSignIn(bob, 'not-bobs-password')).toBe(401);

      const admin = await stack.page({ width: 1280, height: 900 });
      await signInOnPage(stack, admin, adminEmail, 'admin-password-1');
      await admin.getByRole('link', { name: 'Admin' }).click();
      const nav = admin.getByRole('navigation', { name: 'Admin' });
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await shows(admin.getByRole('heading', { name: 'Dashboard', level: 1 }));

      // Tiles: three users (the admin, Alice, Bob), none banned.
      const tiles = admin.getByRole('list', { name: 'Now' });
      await showsText(tiles.getByRole('listitem').filter({ hasText: 'Users' }), /^3\s*Users$/);
      await showsText(tiles.getByRole('listitem').filter({ hasText: 'Banned' }), /^0\s*Banned$/);
      await showsText(tiles.getByRole('listitem').filter({ hasText: 'Active sessions' }), /^[1-9]\d*\s*Active sessions$/);
      // Charts: SVG bars for the sign-ins (password), a legend, and the failure line.
      const signIns = admin.getByRole('figure', { name: 'Sign-ins by method' });
      await showsText(signIns, '3 in this range'); // Alice twice, the admin once on this page
      await expect.poll(() => signIns.locator('svg .recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await showsText(signIns.locator('.recharts-legend-wrapper'), 'Password');
      const failures = admin.getByRole('figure', { name: 'Failed sign-ins and lockouts' });
      await showsText(failures, '1 failed, 0 lockouts in this range');
      expect(await failures.locator('svg path.recharts-line-curve').count()).toBe(2);
      await expect.poll(() => admin.getByRole('figure', { name: 'Sign-ups' }).locator('svg .recharts-bar-rectangle').count()).toBeGreaterThan(0);
      await shoot(admin, 'dashboard-1280');

      // The range lives in the URL.
      await admin.getByRole('button', { name: '24 hours' }).click();
      await expect.poll(() => new URL(admin.url()).searchParams.get('range')).toBe('24h');
      await showsText(admin.getByRole('figure', { name: 'Sign-ups' }), '3 in this range');
      await admin.reload();
      await shows(admin.getByRole('button', { name: '24 hours', pressed: true }));

      // From Alice's admin panel to her events.
      await nav.getByRole('link', { name: 'Users' }).click();
      await shows(admin.getByRole('heading', { name: 'Users', level: 1 }));
      await admin.getByRole('button', { name: `Manage ${alice}` }).click();
      await admin.getByRole('link', { name: `Audit events of ${alice}` }).click();
      await shows(admin.getByRole('heading', { name: 'Audit trail', level: 1 }));
      expect(await admin.getByLabel('User').inputValue()).toBe(alice);
      const rows = admin.getByRole('table').getByRole('row');
      // Header, two sign-ins, the sign-up.
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(4);
      await showsText(rows.nth(1), 'sign-in.success');
      await showsText(rows.nth(1), alice);
      await showsText(rows.nth(1), 'Chrome 131 on Linux');
      await showsText(rows.nth(3), 'sign-up');

      // Bob's failed sign-in, found by the filters.
      await admin.getByLabel('User').fill(bob);
      await admin.getByLabel('Event type').selectOption('sign-in.failure');
      const today = new Date().toISOString().slice(0, 10);
      await admin.getByLabel('From').fill(today);
      await admin.getByLabel('To').fill(today);
      await admin.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      await showsText(rows.nth(1), 'sign-in.failure');
      await showsText(rows.nth(1), bob);
      const url = new URL(admin.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ user: bob, type: 'sign-in.failure', from: today, to: today });
      await shoot(admin, 'audit-1280');

      // A reload (a bookmark) shows the same view.
      await admin.reload();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      await showsText(rows.nth(1), bob);
      expect(await admin.getByLabel('User').inputValue()).toBe(bob);
      expect(await admin.getByLabel('Event type').inputValue()).toBe('sign-in.failure');
      expect(await admin.getByLabel('From').inputValue()).toBe(today);

      // Sorting is in the URL too; nothing before today matches.
      await admin.getByRole('button', { name: /When/ }).click();
      await expect.poll(() => new URL(admin.url()).searchParams.get('sort')).toBe('asc');
      await admin.getByLabel('To').fill('2020-01-01');
      await admin.getByRole('button', { name: 'Apply filters' }).click();
      await shows(admin.getByText('No events match.'));

      // The phone width.
      const phone = await stack.page({ width: 390, height: 844 });
      await signInOnPage(stack, phone, adminEmail, 'admin-password-1');
      await phone.goto(`${stack.url}/admin/dashboard?range=7d`);
      await expect.poll(() => phone.locator('svg .recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await shoot(phone, 'dashboard-390');
      await phone.getByRole('button', { name: '24 hours' }).click();
      await shows(phone.getByRole('button', { name: '24 hours', pressed: true }));
      await showsText(phone.getByRole('figure', { name: 'Sign-ups' }), '3 in this range');
      await shoot(phone, 'dashboard-24h-390');
      await phone.goto(`${stack.url}/admin/audit?user=${encodeURIComponent(alice)}`);
      await expect.poll(() => phone.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBe(4);
      await shoot(phone, 'audit-390');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'refuses the console to someone who is not an admin',
    async () => {
      const email = uniqueEmail('carol');
      await apiSignUp(stack, { name: 'Carol', email, password: 'carol-password' });
      const page = await stack.page();
      await signInOnPage(stack, page, email, 'carol-password');
      await page.goto(`${stack.url}/admin/dashboard`);
      await showsText(page.getByRole('alert'), 'Only admins can access this page.');
      await page.goto(`${stack.url}/admin/audit`);
      await showsText(page.getByRole('alert'), 'Only admins can access this page.');
    },
    JOURNEY_TIMEOUT,
  );
});
