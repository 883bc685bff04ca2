import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, actionLink, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Account lifecycle in the browser, with email verification required (so the mailed link matters):
 * sign up → verify → sign in → change password → sign out → sign in; forgot password; and the
 * sign-in / sign-up pages at phone width with a visible label on every input.
 */
let stack: Stack;

describeBrowser('account journeys in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('account', { emailAndPassword: { requireEmailVerification: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signIn = async (page: Page, email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  it(
    'sign up → verify by the mailed link → sign in → change password → sign out → sign in with the new password',
    async () => {
      const email = uniqueEmail('ada');
      const page = await stack.page();
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('first-password-1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shows(page.getByRole('heading', { name: 'Check your email', level: 1 }));
      await stack.shot(page, '1-signed-up-awaiting-verification');

      const mail = await stack.sink.waitFor(email, (m) => m.subject === 'Verify your email address', 10_000);
      const link = actionLink(mail);
      expect(link.startsWith(`${stack.url}/`)).toBe(true);
      await page.goto(link);
      await page.waitForURL(/\/verify-email/);
      await shows(page.getByRole('heading', { name: 'Email verification' }));
      await showsText(page.getByRole('status'), 'Your email address has been verified.');
      await stack.shot(page, '1-verified');

      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await signIn(page, email, 'first-password-1');
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Ada Lovelace');
      await shows(page.getByText('Verified', { exact: true }));

      // Security, through the sidebar: the row's "Change password" opens the dialog with Current password / New password.
      await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Security' }).click();
      await shows(page.getByRole('heading', { name: 'Security', level: 1 }));
      await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Change password' }).click();
      const change = page.getByRole('dialog', { name: 'Change password' });
      await change.getByLabel('Current password').fill('first-password-1');
      await change.getByLabel('New password').fill('second-password-2');
      await change.getByRole('button', { name: 'Change password' }).click();
      await showsText(page.getByRole('status'), 'Password changed.');
      await stack.shot(page, '1-password-changed');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await shows(page.getByRole('link', { name: 'Sign in' }));
      await absent(page.getByRole('button', { name: 'Sign out' }));

      await page.getByRole('link', { name: 'Sign in' }).click();
      // The old password no longer works, and the server's words are shown next to the form.
      await signIn(page, email, 'first-password-1');
      await showsText(page.getByRole('alert'), /^Invalid email or password$/);
      await stack.shot(page, '1-old-password-refused');
      await page.getByLabel('Password', { exact: true }).fill('second-password-2');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Ada Lovelace');
      await stack.shot(page, '1-signed-in-with-new-password');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'forgot password → the mailed link opens the reset page → New password / Confirm password → sign in',
    async () => {
      const email = uniqueEmail('grace');
      await apiSignUp(stack, { name: 'Grace Hopper', email, password: 'forgotten-password' });
      // Setup: verify the address over HTTP (the browser journey above covers the verification page).
      const verify = actionLink(await stack.sink.waitFor(email, (m) => m.subject === 'Verify your email address', 10_000));
      // Signed up without a callbackURL, the link still lands on a page: the app's `/`.
      const verified = await fetch(verify, { redirect: 'manual' });
      expect(verified.status).toBe(302);
      expect(verified.headers.get('location')).toBe('/');

      const page = await stack.page();
      await page.goto(`${stack.url}/sign-in`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      // Both pages have an Email field: fill the new page's, not the one still shown while it loads.
      await shows(page.getByRole('heading', { name: 'Forgot password', level: 1 }));
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await showsText(page.getByRole('status'), 'Check your email');
      await stack.shot(page, '2-reset-requested');

      const mail = await stack.sink.waitFor(email, (m) => m.subject === 'Reset your password', 10_000);
      await page.goto(actionLink(mail));
      await page.waitForURL(/\/reset-password\?token=/);
      await page.getByLabel('New password').fill('remembered-password');
      await page.getByLabel('Confirm password').fill('remembered-passwor');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await showsText(page.getByRole('alert'), 'do not match');
      await stack.shot(page, '2-reset-page-mismatch');
      await page.getByLabel('Confirm password').fill('remembered-password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await showsText(page.getByRole('status'), 'Your password has been changed');
      await stack.shot(page, '2-reset-done');

      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await signIn(page, email, 'remembered-password');
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Grace Hopper');
      await stack.shot(page, '2-signed-in');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  /** Every input, select and textarea on the page: its labels' text, and whether a label is visible. */
  const inputsAndLabels = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
        .filter((el) => el.getAttribute('type') !== 'hidden')
        .map((el) => {
          const labels = [...(el.labels ?? [])];
          const visible = labels.some((l) => {
            const box = l.getBoundingClientRect();
            const style = getComputedStyle(l);
            return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0' && (l.textContent ?? '').trim() !== '';
          });
          return {
            name: el.getAttribute('name') ?? el.id,
            type: el.getAttribute('type') ?? el.tagName.toLowerCase(),
            labels: labels.map((l) => (l.textContent ?? '').trim()),
            visible,
          };
        }),
    );

  it(
    'at 375 px the sign-in and sign-up pages do not scroll sideways, and every input has a visible label',
    async () => {
      const page = await stack.page({ width: 375, height: 740 });
      const noSideScroll = async () => {
        const { scroll, client } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(client).toBe(375);
        expect(scroll).toBeLessThanOrEqual(client);
      };
      expect(await page.goto(`${stack.url}/sign-in`).then((r) => r?.status())).toBe(200);
      await shows(page.getByRole('button', { name: 'Sign in', exact: true }));
      expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toBe('width=device-width, initial-scale=1');
      await noSideScroll();
      const signInInputs = await inputsAndLabels(page);
      expect(signInInputs.length).toBeGreaterThanOrEqual(3);
      for (const input of signInInputs) expect(input, JSON.stringify(input)).toMatchObject({ visible: true });
      // A person (and a screen reader) finds each field by the words on its label.
      for (const label of ['Email', 'Password', 'Remember me']) await shows(page.getByLabel(label, { exact: false }).first());
      await shows(page.getByRole('link', { name: 'Forgot password?' }));
      await stack.shot(page, 'phone-sign-in');

      await page.getByRole('link', { name: 'Sign up' }).click();
      await shows(page.getByRole('button', { name: 'Sign up' }));
      // The optional username field appears on request: open it so that its label is checked too.
      const username = page.getByRole('button', { name: /choose a username/ });
      if (await username.count()) await username.click();
      await noSideScroll();
      const signUpInputs = await inputsAndLabels(page);
      expect(signUpInputs.map((i) => i.labels[0])).toEqual(expect.arrayContaining(['Name', 'Email', 'Password']));
      for (const input of signUpInputs) expect(input, JSON.stringify(input)).toMatchObject({ visible: true });
      for (const { labels } of signUpInputs) await shows(page.getByLabel(labels[0]!, { exact: true }));
      await stack.shot(page, 'phone-sign-up');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
