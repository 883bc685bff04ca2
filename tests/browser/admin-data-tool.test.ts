import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../packages/core/src/plugins/webhooks/test-kit.js';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, signInOnPage, startStack, uniqueEmail } from './kit.js';

/**
 * The admin console as a data tool (issue 37): tables that fit at 1280 px (long addresses cut with the
 * whole value in a title, times that never wrap, relative with the exact time on hover, sortable
 * headers), a page per user with tabs and quick actions, and an impersonation bar that stays in view.
 * Screenshots at 390 and 1280 px go to /tmp/shots/admin-*.png.
 */
let stack: Stack;
let adminEmail: string;
let longEmail: string;
let alice: string;
let healthy: Receiver;
let broken: Receiver;

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
async function apiSignIn(email: string, password: string): Promise<number> {
  const r = await fetch(`${stack.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url, 'user-agent': UA },
    body: JSON.stringify({ email, password }),
  });
  return r.status;
}

const shoot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots/admin-${name}.png`, fullPage: true });

/** Every header and cell of the page's table ends inside the table's box, and nothing scrolls sideways. */
async function fits(page: Page): Promise<{ overflow: string[]; pageWidth: number; viewport: number }> {
  return page.evaluate(() => {
    const wrap = document.querySelector('.table-wrap') as HTMLElement;
    const right = wrap.getBoundingClientRect().right;
    const overflow: string[] = [];
    if (wrap.scrollWidth > wrap.clientWidth + 1) overflow.push(`table scrolls: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
    for (const cell of Array.from(wrap.querySelectorAll('th, td'))) {
      const r = cell.getBoundingClientRect();
      if (r.right > right + 1) overflow.push(`${(cell as HTMLElement).innerText.slice(0, 40)} ends at ${Math.round(r.right)} > ${Math.round(right)}`);
    }
    return { overflow, pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
  });
}

/** The lines each of the table's times takes (one each, when dates do not wrap). */
function timeLines(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('table time')).map((t) => {
      const r = t.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(t).lineHeight) || 24;
      return Math.round(r.height / line);
    }),
  );
}

describeBrowser('admin console as a data tool in Chromium', () => {
  beforeAll(async () => {
    healthy = await startReceiver();
    broken = await startReceiver();
    broken.answer = 500;
    broken.answerBody = 'database is down';
    // Loopback receivers need allowPrivateNetworks; a short poll and retries keep the journey quick.
    stack = await startStack('admin-data-tool', { webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0.5, retryDelays: [1, 1] } });
    adminEmail = uniqueEmail('admin');
    const made = await stack.cli(['create-user', '--role', 'admin', '--email', adminEmail, '--password', 'admin-password-1', '--name', 'Ada Admin']);
    expect(made.code, made.out).toBe(0);
    longEmail = `dieter.mueller-luedenscheidt-${Date.now().toString(36)}@beispiel-unternehmen-mit-einem-langen-namen.de`;
    alice = uniqueEmail('alice');
    await apiSignUp(stack, { name: 'Dieter Müller-Lüdenscheidt', email: longEmail, password: 'dieter-password' });
    await apiSignUp(stack, { name: 'Alice Archer', email: alice, password: 'alice-password' });
    expect(await apiSignIn(longEmail, 'dieter-password')).toBe(200);
    expect(await apiSignIn(longEmail, 'not-dieters-password')).toBe(401);
    expect(await apiSignIn(alice, 'alice-password')).toBe(200);
  });
  afterAll(async () => {
    await stack?.close();
    await healthy?.close();
    await broken?.close();
  });

  it(
    'at 1280 px the audit trail and the users table fit, times are relative with the exact time on hover, headers sort',
    async () => {
      const admin = await stack.page({ width: 1280, height: 900 });
      await signInOnPage(stack, admin, adminEmail, 'admin-password-1');

      await admin.goto(`${stack.url}/admin/audit`);
      const rows = admin.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(4);
      const audit = await fits(admin);
      expect(audit.overflow).toEqual([]);
      expect(audit.pageWidth).toBeLessThanOrEqual(audit.viewport);
      // The long address is cut, its whole value in the title; the IP and browser columns stay in view.
      const who = admin.getByRole('button', { name: longEmail }).first();
      expect(await who.getAttribute('title')).toBe(longEmail);
      await showsText(rows.filter({ hasText: 'Failed sign-in' }).first(), 'Chrome 131 on Linux');
      // "Now" or "… minutes ago", the exact moment on hover.
      const when = rows.nth(1).locator('time');
      await showsText(when, /now|ago/);
      expect(await when.getAttribute('title')).toMatch(/\d{4}/);
      expect(await timeLines(admin)).not.toContain(2);
      await shoot(admin, 'audit-1280');
      await admin.setViewportSize({ width: 390, height: 844 });
      await shoot(admin, 'audit-390');
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await admin.setViewportSize({ width: 1280, height: 900 });

      await admin.goto(`${stack.url}/admin`);
      const users = admin.getByRole('table').getByRole('row');
      await expect.poll(() => users.count(), { timeout: 10_000 }).toBe(4);
      const table = await fits(admin);
      expect(table.overflow).toEqual([]);
      await shows(admin.locator(`.user-cell-text .truncate[title="${longEmail}"]`));
      expect(await timeLines(admin)).toEqual([1, 1, 1]);
      // Sorting by the User column (the server's sortBy=name): A before D, then the other way round.
      const byName = admin.getByRole('columnheader', { name: /User/ });
      await byName.getByRole('button').click();
      await expect.poll(() => byName.getAttribute('aria-sort')).toBe('ascending');
      await showsText(users.nth(1), 'Ada Admin');
      await showsText(users.nth(3), 'Dieter');
      await byName.getByRole('button').click();
      await expect.poll(() => byName.getAttribute('aria-sort')).toBe('descending');
      await showsText(users.nth(1), 'Dieter');
      await shoot(admin, 'users-1280');
      await admin.setViewportSize({ width: 390, height: 844 });
      await shoot(admin, 'users-390');

      // German: the dates of the users table stay on one line ("vor 2 Minuten").
      const german = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE', colorScheme: 'light' });
      const de = await german.newPage();
      await de.goto(`${stack.url}/sign-in`);
      await de.getByLabel('E-Mail').fill(adminEmail);
      await de.getByLabel('Passwort', { exact: true }).fill('admin-password-1');
      await de.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await shows(de.getByRole('button', { name: 'Abmelden' }));
      await de.goto(`${stack.url}/admin`);
      await expect.poll(() => de.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBe(4);
      await showsText(de.getByRole('table').locator('time').first(), /jetzt|vor/);
      expect(await timeLines(de)).toEqual([1, 1, 1]);
      expect((await fits(de)).overflow).toEqual([]);
      await shoot(de, 'users-de-1280');
      await german.close();
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a page per user: tabs, quick actions, and an impersonation bar that stays in view',
    async () => {
      const admin = await stack.page({ width: 1280, height: 600 });
      await signInOnPage(stack, admin, adminEmail, 'admin-password-1');
      await admin.goto(`${stack.url}/admin`);
      await admin.getByRole('link', { name: 'Dieter Müller-Lüdenscheidt' }).click();
      await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/admin\/users\/[^/]+$/);
      await shows(admin.getByRole('heading', { name: 'Dieter Müller-Lüdenscheidt', level: 1 }));
      const tabs = admin.getByRole('tablist', { name: 'User sections' });
      for (const name of ['Overview', 'Sessions', 'Security', 'Audit events']) await shows(tabs.getByRole('tab', { name }));
      await shows(tabs.getByRole('tab', { name: 'Overview', selected: true }));
      // The page belongs to the Users section of the console's navigation.
      expect(await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');

      // Overview: the address is not verified; "Mark as verified" does it.
      await showsText(admin.locator('.user-page-head'), 'Not verified');
      const quick = admin.getByRole('region', { name: 'Quick actions' });
      await shows(quick.getByRole('button', { name: 'Send verification email' }));
      await quick.getByRole('button', { name: 'Mark as verified' }).click();
      await showsText(admin.locator('.user-page-head'), 'Verified');
      await shoot(admin, 'user-overview-1280');

      // Sessions: the one from the API sign-in.
      await tabs.getByRole('tab', { name: 'Sessions' }).click();
      await expect.poll(() => new URL(admin.url()).searchParams.get('tab')).toBe('sessions');
      await showsText(admin.getByRole('tabpanel'), 'Chrome');
      // Security: two-factor off, the failed sign-in listed.
      await tabs.getByRole('tab', { name: 'Security' }).click();
      await showsText(admin.getByRole('tabpanel'), 'Two-factor authentication');
      await showsText(admin.getByRole('tabpanel'), 'Failed sign-in');
      await shoot(admin, 'user-security-1280');
      // Audit: their events only, with a way to the whole trail.
      await tabs.getByRole('tab', { name: 'Audit events' }).click();
      await showsText(admin.getByRole('tabpanel'), 'Signed up');
      await shows(admin.getByRole('tabpanel').getByRole('link', { name: 'Open in the audit trail' }));
      // A reload keeps the tab.
      await admin.reload();
      await shows(admin.getByRole('tab', { name: 'Audit events', selected: true }));
      await admin.setViewportSize({ width: 390, height: 844 });
      await shoot(admin, 'user-audit-390');
      await admin.setViewportSize({ width: 1280, height: 600 });

      // Impersonate from the quick actions: the bar stays on screen at the bottom of a long page.
      await admin.getByRole('button', { name: 'Impersonate' }).click();
      const bar = admin.getByRole('region', { name: /impersonat/i });
      await shows(bar);
      // Scrolled again on each try: on a loaded machine the page may still be growing when first scrolled.
      await expect
        .poll(() =>
          admin.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            return window.scrollY;
          }),
        )
        .toBeGreaterThan(0);
      const box = await bar.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(600);
      await admin.screenshot({ path: '/tmp/shots/admin-impersonation-scrolled-1280.png' });
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'webhook endpoints show their health from their deliveries; a delivery drawer shows the request and the response',
    async () => {
      const admin = await stack.page({ width: 1280, height: 900 });
      await signInOnPage(stack, admin, adminEmail, 'admin-password-1');
      for (const r of [healthy, broken]) {
        const status = await admin.evaluate(async (url) => {
          const res = await fetch('/api/auth/webhooks/create', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url, events: ['user.created'] }),
          });
          return res.status;
        }, r.url);
        expect(status).toBe(200);
      }
      await apiSignUp(stack, { name: 'Hook Trigger', email: uniqueEmail('hook'), password: 'hook-password-1' });
      await healthy.waitFor(1, 10_000);
      await broken.waitFor(2, 10_000);

      await admin.goto(`${stack.url}/admin/webhooks`);
      const good = admin.getByRole('region', { name: `Webhook ${healthy.url}` });
      const bad = admin.getByRole('region', { name: `Webhook ${broken.url}` });
      await showsText(good.locator('.badge').first(), 'Healthy');
      // An endpoint answering 500 to everything is never a green "Active".
      await showsText(bad.locator('.badge').first(), 'Failing');
      expect(await bad.locator('.badge.ok').count()).toBe(0);
      await showsText(bad, 'The last delivery failed.');
      await shoot(admin, 'webhooks-1280');

      await bad.getByRole('button', { name: 'Deliveries' }).click();
      const rows = bad.getByRole('row');
      await showsText(rows.nth(1), /user\.created/);
      // "HTTP 500" is said once (the Code column), not twice.
      expect((await rows.nth(1).innerText()).match(/500/g)).toHaveLength(1);
      await rows
        .nth(1)
        .getByRole('button', { name: /^Details of user\.created/ })
        .click();
      const drawer = admin.getByRole('dialog', { name: 'Delivery of user.created' });
      await shows(drawer);
      await showsText(drawer.getByRole('region', { name: 'Request' }), '"type": "user.created"');
      await showsText(drawer.getByRole('region', { name: 'Request' }), 'Hook Trigger');
      const response = drawer.getByRole('region', { name: 'Response' });
      await showsText(response, /Status code\s*500/);
      await showsText(response, 'database is down');
      await shoot(admin, 'webhook-drawer-1280');
      await admin.setViewportSize({ width: 390, height: 844 });
      await shoot(admin, 'webhook-drawer-390');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await absent(admin.getByRole('dialog'));
      await shoot(admin, 'webhooks-390');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
