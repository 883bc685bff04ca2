import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actionLink, apiSignUp, describeBrowser, shows, showsText, type Stack, signInOnPage, startStack, uniqueEmail } from './kit.js';

/**
 * How the operator's and the organization's pages look, and that they speak the browser's language: the
 * admin console's users, a user's panel, the dashboard, the audit trail and webhooks, the Organizations page
 * and an invitation, each at 390 and 1280 px in the light and the dark theme (screenshots/admin-look-*);
 * then the dashboard in German and the audit trail in Spanish, with their dates written as those languages do.
 */
let stack: Stack;
let adminEmail: string;
const PASSWORD = 'quiet-meadow-4821';

/** Light and dark screenshots at both widths, as admin-look-{name}[-dark]-{390|1280}.png. */
async function looks(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await stack.shots(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await stack.shots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A signed-in context in the given language: signed in over the API, so no page's words are assumed. */
async function signedInContext(locale: string, email: string): Promise<BrowserContext> {
  const context = await stack.browser.newContext({ locale, viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  context.setDefaultTimeout(10_000);
  const answer = await context.request.post(`${stack.url}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: stack.url },
  });
  expect(answer.status()).toBe(200);
  return context;
}

describeBrowser('the admin console and organizations: look and languages', () => {
  beforeAll(async () => {
    // A receiver nobody listens on: the webhook's deliveries fail, which the log shows.
    stack = await startStack('admin-look', { webhooks: { enabled: true, allowPrivateNetworks: true, retryDelays: [60] } });
    adminEmail = uniqueEmail('admin');
    const made = await stack.cli(['create-user', '--role', 'admin', '--email', adminEmail, '--password', PASSWORD, '--name', 'Ada Lovelace']);
    expect(made.code, made.out).toBe(0);
    for (const [name, who] of [
      ['Grace Hopper', 'grace'],
      ['Alan Turing', 'alan'],
      ['Katherine Johnson', 'katherine'],
    ] as const) {
      await apiSignUp(stack, { name, email: uniqueEmail(who), password: PASSWORD });
    }
    // A failed sign-in for the dashboard's failure line.
    await fetch(`${stack.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ email: adminEmail, password: 'not-the-password' }),
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('users, a user panel, dashboard, audit trail and webhooks at phone and desktop width, light and dark', async () => {
    const page = await stack.page({ width: 1280, height: 900 });
    await signInOnPage(stack, page, adminEmail, PASSWORD);
    await page.goto(`${stack.url}/admin`);
    await shows(page.getByRole('heading', { name: 'Users', level: 1 }));
    await expect.poll(() => page.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBe(5);
    await looks(page, 'users');

    const grace = page.getByRole('row').filter({ hasText: 'Grace Hopper' });
    await grace.getByRole('button', { name: /^Manage / }).click();
    await shows(page.getByRole('region', { name: /^Manage grace-/ }));
    await looks(page, 'user-panel');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => page.locator('svg .recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await looks(page, 'dashboard');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit trail' }).click();
    await expect.poll(() => page.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(4);
    await looks(page, 'audit');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
    await shows(page.getByText('No webhooks yet.'));
    await looks(page, 'webhooks-empty');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('region', { name: 'Add webhook' }).getByLabel('URL').fill('http://127.0.0.1:9/hooks/gatehouse');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await apiSignUp(stack, { name: 'Dorothy Vaughan', email: uniqueEmail('dorothy'), password: PASSWORD });
    const card = page.getByRole('region', { name: /^Webhook http/ });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await expect.poll(() => card.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await looks(page, 'webhooks');
    expect(stack.pageErrors).toEqual([]);
  }, 180_000);

  it('the Organizations page and an invitation at phone and desktop width, light and dark', async () => {
    const owner = await stack.page({ width: 1280, height: 900 });
    await signInOnPage(stack, owner, adminEmail, PASSWORD);
    await owner.goto(`${stack.url}/organizations`);
    await shows(owner.getByText('You are not a member of any organization yet.'));
    await looks(owner, 'organizations-empty');
    const create = owner.getByRole('region', { name: 'Create organization' });
    await create.getByLabel('Name').fill('Analytical Engines');
    await create.getByRole('button', { name: 'Create organization' }).click();
    const org = owner.getByRole('region', { name: 'Analytical Engines' });
    const invitee = uniqueEmail('charles');
    await apiSignUp(stack, { name: 'Charles Babbage', email: invitee, password: PASSWORD });
    await org.getByLabel('Email').fill(invitee);
    await org.getByRole('button', { name: 'Invite', exact: true }).click();
    await showsText(org, `${invitee} was invited.`);
    await looks(owner, 'organizations');

    const mail = await stack.sink.waitFor(invitee, (m) => m.subject === 'Invitation to join Analytical Engines', 10_000);
    const guest = await stack.page({ width: 1280, height: 900 });
    await signInOnPage(stack, guest, invitee, PASSWORD);
    await guest.goto(actionLink(mail));
    await shows(guest.getByRole('heading', { name: 'Join Analytical Engines' }));
    await looks(guest, 'invitation');

    // In German, the same invitation: the role and the expiry in German words and date format.
    const german = await signedInContext('de-DE', invitee);
    const page = await german.newPage();
    await page.goto(actionLink(mail));
    await shows(page.getByRole('heading', { name: 'Analytical Engines beitreten' }));
    await showsText(page.locator('.interstitial-context'), /zu Analytical Engines als Mitglied eingeladen$/);
    await showsText(page.locator('main'), /Die Einladung läuft am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} ab\./);
    await shows(page.getByRole('button', { name: 'Annehmen' }));
    await stack.shots(page, 'invitation-de');
    await german.close();
    expect(stack.pageErrors).toEqual([]);
  }, 120_000);

  it('the dashboard in German and the audit trail in Spanish, dates and numbers as those languages write them', async () => {
    const german = await signedInContext('de-DE', adminEmail);
    const page = await german.newPage();
    await page.goto(`${stack.url}/admin/dashboard`);
    await shows(page.getByRole('heading', { name: 'Übersicht', level: 1 }));
    const nav = page.getByRole('navigation', { name: 'Verwaltung' });
    await shows(nav.getByRole('link', { name: 'Protokoll' }));
    const tiles = page.getByRole('list', { name: 'Aktuell' });
    await showsText(tiles.getByRole('listitem').filter({ hasText: 'Gesperrt' }), /^0\s*Gesperrt$/);
    await showsText(page.getByRole('figure', { name: 'Anmeldungen nach Methode' }), /in diesem Zeitraum/);
    await showsText(
      page.getByRole('figure', { name: 'Fehlgeschlagene Anmeldungen und Aussperrungen' }),
      /^.*1 fehlgeschlagen, 0 Aussperrungen in diesem Zeitraum/m,
    );
    // The axis writes days as German does ("23. Nov."), the footnote a German date and time.
    await expect
      .poll(() => page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first().textContent(), { timeout: 10_000 })
      .toMatch(/^\d{1,2}\. \p{L}+\.?$/u);
    await showsText(page.locator('main'), /Täglich \(UTC\), seit \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\./);
    // 24 hours: the hours as German writes them.
    await page.getByRole('button', { name: '24 Stunden' }).click();
    await expect
      .poll(() => page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first().textContent(), { timeout: 10_000 })
      .toMatch(/^\d{2}:\d{2}$/);
    await page.getByRole('button', { name: '7 Tage' }).click();
    await looks(page, 'dashboard-de');
    await german.close();

    const spanish = await signedInContext('es-ES', adminEmail);
    const audit = await spanish.newPage();
    await audit.goto(`${stack.url}/admin/audit?type=sign-in.failure`);
    await shows(audit.getByRole('heading', { name: 'Registro de auditoría', level: 1 }));
    const rows = audit.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await showsText(rows.first(), /Fecha\s.*Evento\s+Quién\s+Dirección IP\s+Navegador/s);
    // A relative time in Spanish ("ahora", "hace 3 minutos"); on hover the exact moment,
    // "23 nov 2026, 17:45": the day before the month, the month in Spanish.
    const time = rows.nth(1).getByRole('cell').first().locator('time');
    expect(await time.textContent()).toMatch(/^(ahora|hace .+)$/);
    const when = await time.getAttribute('title');
    const expected = await audit.evaluate(() => new Date().toLocaleDateString('es', { dateStyle: 'medium' }));
    expect(when).toContain(expected);
    expect(when).toMatch(/^\d{1,2} \p{L}+ \d{4}, \d{1,2}:\d{2}$/u);
    await showsText(audit.locator('main .pager .muted'), /^1–1 de 1$/);
    await looks(audit, 'audit-es');
    await spanish.close();
  }, 120_000);
});
