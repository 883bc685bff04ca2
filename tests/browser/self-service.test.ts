import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The self-service pages no other journey walks through: Sessions (this device, revoke one),
 * change email, delete account, and the /error page's words.
 */
let stack: Stack;

describeBrowser('self-service pages in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('self-service');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto(`${stack.url}/`);
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shows(page.getByRole('button', { name: 'Sign out' }));
  };

  it(
    'Sessions marks this device and revokes the other one; the other browser is signed out',
    async () => {
      const email = uniqueEmail('sam');
      await apiSignUp(stack, { name: 'Sam Sessions', email, password: 'sessions-password-1' });
      const laptop = await stack.page();
      const phone = await stack.page({ width: 375, height: 740 });
      await signIn(laptop, email, 'sessions-password-1');
      await signIn(phone, email, 'sessions-password-1');

      await laptop.getByRole('link', { name: 'Sessions' }).click();
      // Three sessions: this laptop, the phone, and the one the API sign-up made.
      const revoke = laptop.getByRole('button', { name: 'Revoke', exact: true });
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(2);
      await showsText(laptop.locator('body'), 'This device');
      await stack.shot(laptop, 'sessions-three');
      await revoke.first().click();
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(1);
      await laptop.getByRole('button', { name: 'Revoke all other sessions' }).click();
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(0);
      await showsText(laptop.locator('body'), 'This device');

      await phone.reload();
      await absent(phone.getByRole('button', { name: 'Sign out' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an unverified user changes their email at once, then deletes the account with the password',
    async () => {
      const email = uniqueEmail('eve');
      const moved = uniqueEmail('eve-moved');
      await apiSignUp(stack, { name: 'Eve Email', email, password: 'email-password-1' });
      const page = await stack.page();
      await signIn(page, email, 'email-password-1');
      await page.getByRole('link', { name: 'Account' }).click();
      await showsText(page.locator('body'), 'Not verified');
      await page.getByRole('button', { name: 'Change email' }).click();
      await page.getByRole('dialog', { name: 'Change email' }).getByLabel('New email').fill(moved);
      await page.getByRole('dialog', { name: 'Change email' }).getByRole('button', { name: 'Change email' }).click();
      await showsText(page.locator('main'), moved);
      await stack.shot(page, 'email-changed');
      // The new address gets its verification mail.
      await stack.sink.waitFor(moved, undefined, 10_000);

      await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Danger zone' }).click();
      await shows(page.getByRole('heading', { name: 'Danger zone', level: 1 }));
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByLabel('Password', { exact: true }).fill('email-password-1');
      await page.getByRole('button', { name: 'Delete my account permanently' }).click();
      await absent(page.getByRole('button', { name: 'Sign out' }));
      await stack.shot(page, 'account-deleted');
      const again = await fetch(`${stack.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: moved, password: 'email-password-1' }),
      });
      expect(again.status).toBe(401);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it('the /error page explains a code in words and leads back', async () => {
    const page = await stack.page();
    await page.goto(`${stack.url}/error?error=please_restart_the_process`);
    await showsText(page.locator('body'), 'please_restart_the_process');
    await shows(page.getByRole('link', { name: 'Return to Application' }));
    await stack.shot(page, 'error-page');
    await page.getByRole('link', { name: 'Return to Application' }).click();
    await shows(page.getByRole('link', { name: 'Sign in' }).first());
  });
});
