import { join } from 'node:path';
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
 * The app as a product (issue 37) in Chromium: the account's settings as rows whose changes open
 * dialogs (one primary action in view), a secret shown once in the copy-this-secret dialog, a phone
 * header of one row with a menu, the sign-in page with the providers first and the mailed ways
 * under "Other ways to sign in" (nothing above moves), and the interstitial frame (no app
 * navigation, who is signed in, "Not you? Sign out" back to the same step). Screenshots at 390 and
 * 1280 px, light and dark.
 */
let stack: Stack;

describeBrowser('the app as a product in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('app-product', {
      socialProviders: {
        google: { clientId: 'app-product-client', clientSecret: 'app-product-secret' },
        github: { clientId: 'app-product-client', clientSecret: 'app-product-secret' },
      },
      passkey: { enabled: true },
      magicLink: { enabled: true },
      emailOTP: { enabled: true },
      apiKey: { enabled: true },
      oidcProvider: { enabled: true },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /**
   * The page at 390 and 1280 px, light and dark; with a dialog open, what the screen shows (a
   * full-page capture lays a modal dialog out against the whole page).
   */
  const bothThemes = async (page: Page, name: string) => {
    const dialog = (await page.locator('dialog[open]').count()) > 0;
    const size = page.viewportSize();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      if (!dialog) await stack.shots(page, `${name}-${scheme}`);
      else {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.screenshot({ path: join(SCREENSHOTS, `app-product-${name}-${scheme}-${width}.png`) });
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    if (size) await page.setViewportSize(size);
  };

  /** The buttons a person sees as primary, outside any dialog. */
  const primaryButtons = (page: Page) => page.locator('main button.primary:visible, main a.button.primary:visible').count();

  it(
    'settings are rows: each change opens a dialog with one primary button, refusals under their field; a new API key is shown once in the secret dialog',
    async () => {
      const email = uniqueEmail('rowan');
      await apiSignUp(stack, { name: 'Rowan Rows', email, password: 'settings-password-1' });
      const page = await stack.page({ width: 1280, height: 900 });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      await signInOnPage(stack, page, email, 'settings-password-1');
      await page.goto(`${stack.url}/account`);
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));

      // Rows, not forms: no field on the page until a change is asked for, and no primary button.
      const profile = page.getByRole('region', { name: 'Profile' });
      await showsText(profile, 'Name and picture');
      await showsText(profile, 'Rowan Rows');
      await showsText(page.getByRole('region', { name: 'Email' }), email);
      expect(await page.locator('main input:visible').count()).toBe(0);
      expect(await primaryButtons(page)).toBe(0);
      await bothThemes(page, 'account-rows');

      // "Edit profile": a dialog, focus in Name, one primary button; a refusal under its field.
      await profile.getByRole('button', { name: 'Edit profile' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit profile' });
      await shows(edit);
      expect(await edit.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await edit.locator('button.primary').count()).toBe(1);
      await edit.getByLabel('Name').fill('Someone Else');
      await bothThemes(page, 'account-edit-profile');
      // Escape cancels; nothing was saved.
      await page.keyboard.press('Escape');
      await absent(page.getByRole('dialog'));
      await showsText(profile, 'Rowan Rows');

      // Security, its own page: rows again, no field and no primary button.
      const sidebar = page.getByRole('navigation', { name: 'Account settings' });
      await sidebar.getByRole('link', { name: 'Security' }).click();
      await shows(page.getByRole('heading', { name: 'Security', level: 1 }));
      await showsText(page.getByRole('region', { name: 'Security' }), 'Password');
      expect(await page.locator('main input:visible').count()).toBe(0);
      expect(await primaryButtons(page)).toBe(0);

      // "Change password": Current password / New password in a dialog; a wrong one said under Current password.
      await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Change password' }).click();
      const change = page.getByRole('dialog', { name: 'Change password' });
      await change.getByLabel('Current password').fill('not-my-password-1');
      await change.getByLabel('New password').fill('settings-password-2-long');
      await change.getByRole('button', { name: 'Change password' }).click();
      await shows(change.locator('.field', { has: page.getByLabel('Current password') }).getByText('Invalid password'));
      await bothThemes(page, 'account-change-password-refused');
      await change.getByRole('button', { name: 'Cancel' }).click();
      await absent(page.getByRole('dialog'));

      // API keys, its own page: the empty list, no primary button.
      await sidebar.getByRole('link', { name: 'API keys' }).click();
      await shows(page.getByRole('heading', { name: 'API keys', level: 1 }));
      await shows(page.getByRole('region', { name: 'API keys' }).getByText('No API keys yet.'));
      expect(await primaryButtons(page)).toBe(0);

      // An API key whose name is too long is refused under Key name, never cut as it is typed.
      const keys = page.getByRole('region', { name: 'API keys' });
      await keys.getByRole('button', { name: 'Create API key' }).click();
      const create = page.getByRole('dialog', { name: 'New API key' });
      const longName = 'A deploy script with a rather long and descriptive name';
      await create.getByLabel('Key name').fill(longName);
      expect(await create.getByLabel('Key name').inputValue()).toBe(longName);
      await create.getByRole('button', { name: 'Create API key' }).click();
      await expect.poll(() => create.getByLabel('Key name').getAttribute('aria-invalid')).toBe('true');
      await showsText(create.locator('.field', { has: page.getByLabel('Key name') }), /too (long|large)/i);
      await create.getByLabel('Key name').fill('Deploy script');
      await create.getByRole('button', { name: 'Create API key' }).click();

      // The secret dialog: the key to copy, "Copied." when copied, "I have saved it" the only way out.
      const secret = page.getByRole('dialog', { name: 'API key created' });
      await showsText(secret.getByRole('status'), 'Copy it now: it will not be shown again.');
      const key = await secret.getByLabel('API key', { exact: true }).inputValue();
      await secret.getByRole('button', { name: 'Copy API key' }).click();
      await shows(secret.getByText('Copied.'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await page.keyboard.press('Escape');
      await shows(secret);
      await bothThemes(page, 'api-key-secret-dialog');
      await secret.getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByRole('dialog'));
      expect(await page.content()).not.toContain(key);
      await showsText(keys.getByRole('listitem'), 'Deploy script');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'on a phone the header is one row with a menu; the menu reaches the areas and closes on the way',
    async () => {
      const email = uniqueEmail('phoebe');
      await apiSignUp(stack, { name: 'Phoebe Phone-Header', email, password: 'phone-password-1' });
      const page = await stack.page({ width: 390, height: 844 });
      await signInOnPage(stack, page, email, 'phone-password-1');
      const banner = page.getByRole('banner');
      for (const path of ['/account', '/sessions', '/organizations']) {
        await page.goto(`${stack.url}${path}`);
        await shows(page.getByRole('heading', { level: 1 }));
        // One row: no taller than the menu button's row, the same on every page.
        const box = await banner.boundingBox();
        expect(box?.height, path).toBeLessThanOrEqual(64);
        await showsText(banner, 'Phoebe');
        await shows(banner.getByRole('button', { name: 'Sign out' }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      const nav = page.getByRole('navigation', { name: 'Main' });
      await absent(nav.getByRole('link', { name: 'Organizations' }).locator('visible=true'));
      const menu = banner.getByRole('button', { name: 'Menu' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await shows(nav.getByRole('link', { name: 'Account' }));
      await bothThemes(page, 'header-menu-open');
      await nav.getByRole('link', { name: 'Account' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      // Escape closes it too.
      await menu.click();
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await bothThemes(page, 'account-phone');

      // At 1280 px the areas are in the row and there is no menu button.
      await page.setViewportSize({ width: 1280, height: 800 });
      await shows(nav.getByRole('link', { name: 'Organizations' }));
      await absent(banner.getByRole('button', { name: 'Menu' }).locator('visible=true'));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'sign-in shows the providers first, the password form as the primary, and the mailed ways under "Other ways to sign in" without moving the form',
    async () => {
      const page = await stack.page({ width: 1280, height: 900 });
      await page.goto(`${stack.url}/sign-in`);
      const google = page.getByRole('button', { name: 'Continue with Google' });
      const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
      const emailField = page.getByLabel('Email');
      await shows(google);
      await shows(passkey);
      const above = async (a: typeof google, b: typeof google) => ((await a.boundingBox())?.y ?? 0) < ((await b.boundingBox())?.y ?? 0);
      expect(await above(google, emailField)).toBe(true);
      expect(await above(passkey, emailField)).toBe(true);
      // One primary: "Sign in".
      expect(await primaryButtons(page)).toBe(1);
      await shows(page.locator('main button.primary', { hasText: 'Sign in' }));
      // The mailed ways are folded; opening them moves nothing above.
      await absent(page.getByRole('button', { name: 'Email me a code' }));
      await absent(page.getByRole('button', { name: 'Email me a sign-in link' }));
      const before = await emailField.boundingBox();
      await bothThemes(page, 'sign-in-providers-first');
      await page.getByRole('button', { name: 'Other ways to sign in' }).click();
      await shows(page.getByRole('button', { name: 'Email me a code' }));
      await shows(page.getByRole('button', { name: 'Email me a sign-in link' }));
      expect(await emailField.boundingBox()).toEqual(before);
      await bothThemes(page, 'sign-in-other-ways');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'interstitials (consent, verification) are one card without the app navigation, with who is signed in and "Not you? Sign out" back to the step',
    async () => {
      const email = uniqueEmail('ines');
      await apiSignUp(stack, { name: 'Ines Interstitial', email, password: 'between-password-1' });
      const page = await stack.page({ width: 1280, height: 900 });
      await signInOnPage(stack, page, email, 'between-password-1');

      for (const path of ['/oauth/consent', '/verify-email']) {
        await page.goto(`${stack.url}${path}`);
        await shows(page.getByRole('heading', { level: 1 }));
        await absent(page.getByRole('navigation', { name: 'Main' }).locator('visible=true'));
        await absent(page.getByRole('banner').locator('visible=true'));
        await showsText(page.locator('.account-chip'), 'Ines Interstitial');
        await showsText(page.locator('.account-chip'), email);
        await bothThemes(page, `interstitial${path.replaceAll('/', '-')}`);
      }

      // "Not you? Sign out": signed out, the sign-in page leads back to the same step.
      await page.getByRole('button', { name: 'Not you? Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/verify-email');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('between-password-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/verify-email');
      await showsText(page.locator('.account-chip'), 'Ines Interstitial');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a page that takes a while to load shows a bar at the top meanwhile (the page left stays on screen), gone once it is there',
    async () => {
      const page = await stack.page({ width: 390, height: 844 });
      // The sign-in area's code, held back as a slow phone network would.
      await page.route(/\/assets\/auth-[^/]*\.js$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'Sign in' }).first().click();
      await shows(page.getByRole('progressbar', { name: 'Loading the page…' }));
      await stack.shots(page, 'page-loading');
      await shows(page.getByRole('heading', { name: 'Sign in', level: 1 }));
      await absent(page.getByRole('progressbar'));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
