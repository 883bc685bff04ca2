import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, actionLink, apiSignUp, describeBrowser, SCREENSHOTS, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Issue 37 in the organization and admin areas, in Chromium: the invitation's context line in the
 * interstitial frame (signed out and signed in), the admin user page's Organizations tab, a new
 * webhook's secret in the copy-once dialog, and the Teams, Roles and Directory sync pages read through
 * TanStack Query. Screenshots at 390 and 1280 px, light and dark (screenshots/org-admin-37-*).
 */
let stack: Stack;
const PASSWORD = 'org-admin-password-1';

describeBrowser('issue 37: invitation, admin user organizations, webhook secret, organization pages', () => {
  beforeAll(async () => {
    stack = await startStack('org-admin-37', {
      organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
      scim: { enabled: true },
      webhooks: { enabled: true, allowPrivateNetworks: true },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The page at 390 and 1280 px, light and dark; with a dialog open, the screen as shown (not the whole page). */
  const looks = async (page: Page, name: string) => {
    const dialog = (await page.locator('dialog[open]').count()) > 0;
    const size = page.viewportSize();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.screenshot({ path: join(SCREENSHOTS, `org-admin-37-${name}-${scheme}-${width}.png`), fullPage: !dialog });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    if (size) await page.setViewportSize(size);
  };
  const api = async (path: string, body: unknown, cookie: string) => {
    const r = await fetch(`${stack.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url, cookie },
      body: JSON.stringify(body),
    });
    return { status: r.status, data: (await r.json()) as Record<string, unknown> };
  };
  const cookieOf = async (page: Page) => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

  it('says who invited whom to what, lists a user’s organizations to the admin, shows a webhook secret once', async () => {
    const adaEmail = uniqueEmail('ada');
    const made = await stack.cli(['create-user', '--role', 'admin', '--email', adaEmail, '--password', PASSWORD, '--name', 'Ada Lovelace']);
    expect(made.code, made.out).toBe(0);
    const ada = await stack.page({ width: 1280, height: 800 });
    await signInOnPage(stack, ada, adaEmail, PASSWORD);
    const cookie = await cookieOf(ada);
    const org = await api('/organization/create', { name: 'Acme Robotics', slug: `acme-${Date.now().toString(36)}` }, cookie);
    expect(org.status, JSON.stringify(org.data)).toBe(200);
    const graceEmail = uniqueEmail('grace');
    const invited = await api('/organization/invite-member', { email: graceEmail, role: 'admin', organizationId: org.data.id }, cookie);
    expect(invited.status, JSON.stringify(invited.data)).toBe(200);
    const link = actionLink(await stack.sink.waitFor(graceEmail, (m) => m.subject === 'Invitation to join Acme Robotics', 10_000));

    // Signed out: the context line of the interstitial frame, from the public preview.
    const grace = await stack.page({ width: 1280, height: 800 });
    await grace.goto(link);
    await shows(grace.getByRole('heading', { name: 'Invitation to join Acme Robotics', level: 1 }));
    await showsText(grace.locator('.interstitial-context'), 'Ada Lovelace invited you to Acme Robotics as Admin');
    await absent(grace.getByRole('navigation'));
    await looks(grace, 'invitation-signed-out');

    // Signed in as the invitee: the same line, from get-invitation (inviterName), with the account chip.
    await apiSignUp(stack, { name: 'Grace Hopper', email: graceEmail, password: PASSWORD });
    await signInOnPage(stack, grace, graceEmail, PASSWORD);
    await grace.goto(link);
    await shows(grace.getByRole('heading', { name: 'Join Acme Robotics', level: 1 }));
    await showsText(grace.locator('.interstitial-context'), 'Ada Lovelace invited you to Acme Robotics as Admin');
    await showsText(grace.locator('.auth-card'), `Sent to ${graceEmail}.`);
    await looks(grace, 'invitation-signed-in');
    await grace.getByRole('button', { name: 'Accept' }).click();
    await showsText(grace.getByRole('status'), 'You are now a member of Acme Robotics');

    // The admin's page of Grace: the Organizations tab lists the membership.
    await ada.goto(`${stack.url}/admin`);
    await ada.getByRole('link', { name: 'Grace Hopper' }).click();
    await shows(ada.getByRole('heading', { name: 'Grace Hopper', level: 1 }));
    await ada.getByRole('tab', { name: 'Organizations' }).click();
    const panel = ada.getByRole('tabpanel', { name: 'Organizations' });
    const row = panel.getByRole('row', { name: /Acme Robotics/ });
    await showsText(row, 'Admin');
    await showsText(row, /now|ago/);
    expect(new URL(ada.url()).searchParams.get('tab')).toBe('organizations');
    await looks(ada, 'admin-user-organizations');

    // A new webhook: its secret once, in the copy-once dialog; "I have saved it" takes it away.
    await ada.goto(`${stack.url}/admin/webhooks`);
    await ada.getByRole('button', { name: 'Add webhook' }).click();
    await ada.getByRole('region', { name: 'Add webhook' }).getByLabel('URL').fill('http://127.0.0.1:9/hooks/gatehouse');
    await ada.getByRole('button', { name: 'Create webhook' }).click();
    const dialog = ada.getByRole('dialog', { name: 'New webhook secret' });
    await showsText(dialog.getByRole('status'), 'it will not be shown again');
    expect(await dialog.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
    await looks(ada, 'webhook-secret');
    await ada.keyboard.press('Escape');
    await shows(dialog);
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await absent(ada.getByLabel('Signing secret'));
    await shows(ada.getByRole('region', { name: 'Webhook http://127.0.0.1:9/hooks/gatehouse' }));

    // The organization pages moved to TanStack Query: a team, a role, a directory token; each list follows its action.
    await ada.goto(`${stack.url}/organizations/teams`);
    await shows(ada.getByRole('heading', { name: 'Teams', level: 1 }));
    const createTeam = ada.getByRole('region', { name: 'Create a team' });
    await createTeam.getByLabel('Name').fill('Platform');
    await createTeam.getByRole('button', { name: 'Create team' }).click();
    await shows(ada.getByRole('heading', { name: 'Platform', level: 3 }));
    await looks(ada, 'teams');

    await ada.goto(`${stack.url}/organizations/roles`);
    await shows(ada.getByRole('heading', { name: 'Roles', level: 1 }));
    const createRole = ada.getByRole('region', { name: 'Create a role' });
    await createRole.getByLabel('Name').fill('auditor');
    await createRole.getByRole('button', { name: 'Create role' }).click();
    await shows(ada.getByRole('heading', { name: 'auditor', level: 3 }));
    await looks(ada, 'roles');

    await ada.goto(`${stack.url}/organizations/directory-sync`);
    await shows(ada.getByRole('heading', { name: 'Directory sync', level: 1 }));
    const connect = ada.getByRole('region', { name: 'Connect a directory' });
    await connect.getByLabel('Connection name').fill('okta');
    await connect.getByRole('button', { name: 'Create token' }).click();
    const once = ada.getByRole('dialog', { name: "The directory's token" });
    await shows(once);
    await once.getByRole('button', { name: 'I have saved it' }).click();
    await shows(ada.getByRole('region', { name: 'Connections' }).getByRole('heading', { name: 'okta', level: 3 }));
    await looks(ada, 'directory-sync');
    expect(stack.pageErrors).toEqual([]);
  }, 240_000);
});
