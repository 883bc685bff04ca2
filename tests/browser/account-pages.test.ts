import { join } from 'node:path';
import { TOTP, URI } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  absent,
  apiSignUp,
  describeBrowser,
  JOURNEY_TIMEOUT,
  SCREENSHOTS,
  shows,
  showsText,
  signInOnPage,
  type Stack,
  startStack,
  uniqueEmail,
} from './kit.js';

/**
 * The account area as one page per sidebar entry (issue 37): each entry opens its own address whose
 * title is the entry's label, at 1280 px through the sidebar's links and at 390 px through its select;
 * the one-page account's old addresses (`/account#security`) land on their page. Then two-factor as
 * rows: enable (password, then the setup dialog with a code computed by otpauth), the backup codes in
 * the copy-this-secret dialog, regenerate, disable. Screenshots of each page at 390 and 1280 px,
 * light and dark.
 */
let stack: Stack;

/** The sidebar's entries with every capability on, in order: label, address, a text only that page shows. */
const ENTRIES = [
  { label: 'Profile', path: '/account', shows: 'Edit profile' },
  { label: 'Security', path: '/account/security', shows: 'Change password' },
  { label: 'Sessions', path: '/sessions', shows: 'This device' },
  { label: 'Two-factor', path: '/two-factor', shows: 'Enable two-factor' },
  { label: 'Sign-in methods', path: '/account/sign-in-methods', shows: 'Email and password' },
  { label: 'API keys', path: '/account/api-keys', shows: 'Create API key' },
  { label: 'Connected apps', path: '/account/connected-apps', shows: 'No applications yet.' },
  { label: 'Danger zone', path: '/account/danger-zone', shows: 'Delete account' },
] as const;

describeBrowser('the account pages in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('account-pages', { apiKey: { enabled: true }, passkey: { enabled: true }, oidcProvider: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The page shown is the entry's: its address, its one heading, the browser tab's title, and what only it holds. */
  const onPage = async (page: Page, entry: (typeof ENTRIES)[number]) => {
    await expect.poll(() => new URL(page.url()).pathname).toBe(entry.path);
    await shows(page.getByRole('heading', { name: entry.label, level: 1, exact: true }));
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${entry.label} `));
    await showsText(page.getByRole('main'), entry.shows);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  };

  /** Light and dark at 390 and 1280 px; with a dialog open, the screen as it shows it. */
  const allShots = async (page: Page, name: string) => {
    const size = page.viewportSize();
    const dialog = (await page.locator('dialog[open]').count()) > 0;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.screenshot({ path: join(SCREENSHOTS, `account-pages-${name}-${scheme}-${width}.png`), fullPage: !dialog });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    if (size) await page.setViewportSize(size);
  };

  it(
    'each sidebar entry opens its own page titled with its label, through the links at 1280 px and the select at 390 px',
    async () => {
      const email = uniqueEmail('page');
      await apiSignUp(stack, { name: 'Paige Pages', email, password: 'page-password-1' });
      const page = await stack.page({ width: 1280, height: 800 });
      await signInOnPage(stack, page, email, 'page-password-1');
      await page.goto(`${stack.url}/account`);

      // Desktop: a left sidebar of links; each opens its page and is marked current there, alone.
      const sidebar = page.getByRole('navigation', { name: 'Account settings' });
      await expect.poll(() => sidebar.getByRole('link').allInnerTexts()).toEqual(ENTRIES.map((e) => e.label));
      for (const entry of ENTRIES) {
        await sidebar.getByRole('link', { name: entry.label, exact: true }).click();
        await onPage(page, entry);
        expect(await sidebar.getByRole('link', { name: entry.label, exact: true }).getAttribute('aria-current')).toBe('page');
        expect(await sidebar.locator('a[aria-current="page"]').count()).toBe(1);
        await allShots(page, entry.path.slice(1).replaceAll('/', '-'));
      }

      // Phone: the sidebar is one select at the top naming the page shown; choosing an entry opens it.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${stack.url}/account`);
      const select = sidebar.getByLabel('Account settings');
      await shows(select);
      await absent(sidebar.getByRole('link').locator('visible=true'));
      const box = await sidebar.boundingBox();
      expect(box!.y).toBeLessThan((await page.getByRole('heading', { level: 1 }).boundingBox())!.y);
      expect(box!.height).toBeLessThanOrEqual(60);
      for (const entry of [...ENTRIES].reverse()) {
        await select.selectOption({ label: entry.label });
        await onPage(page, entry);
        expect(await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(entry.label);
      }

      // The one-page account's addresses land on the page that holds that part now.
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const [hash, label] of [
        ['#security', 'Security'],
        ['#linked-accounts', 'Sign-in methods'],
        ['#api-keys', 'API keys'],
        ['#connected-apps', 'Connected apps'],
        ['#danger-zone', 'Danger zone'],
        ['#profile', 'Profile'],
      ] as const) {
        await page.goto(`${stack.url}/account${hash}`);
        await onPage(page, ENTRIES.find((e) => e.label === label)!);
      }
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 3,
  );

  it(
    'two-factor as rows: enable in dialogs with a code from otpauth, backup codes in the copy dialog, regenerate, disable',
    async () => {
      const email = uniqueEmail('rows');
      const password = 'two-factor-rows-1';
      await apiSignUp(stack, { name: 'Tomas Totp', email, password });
      const page = await stack.page({ width: 1280, height: 800 });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      await signInOnPage(stack, page, email, password);
      await page.goto(`${stack.url}/two-factor`);
      await shows(page.getByRole('heading', { name: 'Two-factor', level: 1 }));

      // Off: the status row with its one action; no field and no primary button on the page.
      const card = page.getByRole('region', { name: 'Authenticator app' });
      await showsText(card, /Status\s+Off/);
      await absent(card.getByText('Backup codes'));
      expect(await page.locator('main input:visible').count()).toBe(0);
      expect(await page.locator('main button.primary:visible').count()).toBe(0);

      // "Enable two-factor": the password in a dialog (a wrong one said under the field) ...
      await card.getByRole('button', { name: 'Enable two-factor' }).click();
      const ask = page.getByRole('dialog', { name: 'Enable two-factor' });
      await ask.getByLabel('Password').fill('not-my-password-1');
      await ask.getByRole('button', { name: 'Enable two-factor' }).click();
      await shows(ask.locator('.field', { has: page.getByLabel('Password') }).getByText('Invalid password'));
      await ask.getByLabel('Password').fill(password);
      await ask.getByRole('button', { name: 'Enable two-factor' }).click();

      // ... then the setup dialog: the QR code, the secret and the URI to copy, the code, one primary button.
      const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
      await shows(setup.getByRole('img', { name: 'QR code' }));
      expect(await setup.locator('button.primary').count()).toBe(1);
      const totp = URI.parse(await setup.getByLabel('Setup URI').inputValue());
      if (!(totp instanceof TOTP)) throw new Error('not a TOTP URI');
      expect(await setup.getByLabel('Secret').inputValue()).toBe(totp.secret.base32);
      await allShots(page, 'two-factor-setup');
      // A wrong code is refused under Code; the dialog stays.
      const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
      await setup.getByLabel('Code').fill(wrong);
      await setup.getByRole('button', { name: 'Verify code' }).click();
      await expect.poll(() => setup.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
      await setup.getByLabel('Code').fill(totp.generate());
      await setup.getByRole('button', { name: 'Verify code' }).click();

      // The backup codes, once, in the copy-this-secret dialog that says two-factor is on.
      const codesDialog = page.getByRole('dialog', { name: 'Backup codes' });
      await showsText(codesDialog.getByRole('status'), 'Two-factor authentication is on.');
      const codes = (await codesDialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()).map((c) => c.trim());
      expect(codes.length).toBeGreaterThanOrEqual(5);
      await codesDialog.getByRole('button', { name: 'Copy codes' }).click();
      await shows(codesDialog.getByText('Copied.'));
      expect((await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n')).toEqual(codes);
      // Escape does not lose them; "I have saved it" is the way out, and the codes leave the page.
      await page.keyboard.press('Escape');
      await shows(codesDialog);
      await allShots(page, 'two-factor-backup-codes');
      await codesDialog.getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByRole('dialog'));
      expect(await page.content()).not.toContain(codes[0]!);

      // On: the status row and the backup codes row, each with its one action.
      await showsText(card, /Status\s+On/);
      await showsText(card, 'Backup codes');
      expect(await page.locator('main button.primary:visible').count()).toBe(0);
      await allShots(page, 'two-factor-on');

      // "Regenerate backup codes": the password, then new codes in the same dialog; the old ones are gone.
      await card.getByRole('button', { name: 'Regenerate backup codes' }).click();
      const regenerate = page.getByRole('dialog', { name: 'Regenerate backup codes' });
      await regenerate.getByLabel('Password').fill(password);
      await regenerate.getByRole('button', { name: 'Regenerate backup codes' }).click();
      await showsText(codesDialog.getByRole('status'), 'New backup codes were generated');
      const fresh = (await codesDialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()).map((c) => c.trim());
      expect(fresh).not.toContain(codes[0]);
      await codesDialog.getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByRole('dialog'));

      // "Disable two-factor": a confirmation with the password; the page shows Off again.
      await card.getByRole('button', { name: 'Disable two-factor' }).click();
      const disable = page.getByRole('dialog', { name: 'Disable two-factor?' });
      await allShots(page, 'two-factor-disable');
      await disable.getByLabel('Password').fill(password);
      await disable.getByRole('button', { name: 'Disable two-factor' }).click();
      await absent(page.getByRole('dialog'));
      await showsText(card, /Status\s+Off/);
      await shows(card.getByRole('button', { name: 'Enable two-factor' }));
      const session = await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()).user.twoFactorEnabled as boolean);
      expect(session).toBe(false);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 2,
  );
});
