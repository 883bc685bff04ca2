import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The Sessions and Account pages after their actions show what the server holds: revoking a
 * session that already ended elsewhere says so and drops it from the list; a saved profile shows
 * the name as saved.
 */
let stack: Stack;

describeBrowser('the Sessions and Account pages follow the server in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('account-screens');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signIn = (page: Page, email: string, password: string) => signInOnPage(stack, page, email, password);

  it(
    'revoking a session that signed out meanwhile: the server says so, and the list drops it',
    async () => {
      const email = uniqueEmail('rita');
      await apiSignUp(stack, { name: 'Rita Revoke', email, password: 'revoke-password-1' });
      const laptop = await stack.page({ width: 1280, height: 800 });
      const phone = await stack.page({ width: 390, height: 844 });
      await signIn(laptop, email, 'revoke-password-1');
      await signIn(phone, email, 'revoke-password-1');

      await laptop.getByRole('link', { name: 'Sessions' }).click();
      const revoke = laptop.getByRole('button', { name: 'Revoke', exact: true });
      // The sign-up's session and the phone's, beside this one.
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(2);
      await stack.shot(laptop, 'sessions-desktop');

      // The phone signs out; the laptop's list, loaded before, still shows it (the newest: first).
      await phone.getByRole('button', { name: 'Sign out' }).click();
      await shows(phone.getByRole('link', { name: 'Sign in' }).first());
      await revoke.first().click();
      await showsText(laptop.getByRole('alert'), 'Session not found');
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(1);
      await stack.shot(laptop, 'sessions-gone-elsewhere');

      await phone.goto(`${stack.url}/sign-in`);
      await signIn(phone, email, 'revoke-password-1');
      // On a phone the account's sidebar is one select at the top.
      await phone.getByRole('navigation', { name: 'Account settings' }).getByRole('combobox', { name: 'Account settings' }).selectOption({ label: 'Sessions' });
      await shows(phone.getByRole('heading', { name: 'Sessions', level: 1 }));
      await expect.poll(() => phone.getByRole('button', { name: 'Revoke', exact: true }).count(), { timeout: 10_000 }).toBe(2);
      await stack.shot(phone, 'sessions-phone');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a profile saved with spaces around the name shows the name the server saved',
    async () => {
      const email = uniqueEmail('pat');
      await apiSignUp(stack, { name: 'Pat Profile', email, password: 'profile-password-1' });
      const page = await stack.page({ width: 390, height: 844 });
      await signIn(page, email, 'profile-password-1');
      // On a phone the areas are under the header's "Menu".
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Account' }).click();
      const edit = page.getByRole('region', { name: 'Profile' }).getByRole('button', { name: 'Edit profile' });
      await edit.click();
      const profile = page.getByRole('dialog', { name: 'Edit profile' });
      await profile.getByLabel('Name').fill('  Patricia Saved  ');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await showsText(page.getByRole('status'), 'Profile saved.');
      await showsText(page.getByRole('banner'), 'Patricia Saved');
      const saved = await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()).user.name as string);
      expect(saved).toBe('Patricia Saved');
      // Opened again, the dialog starts from the name the server saved.
      await edit.click();
      expect(await profile.getByLabel('Name').inputValue()).toBe(saved);
      await stack.shot(page, 'profile-saved-phone');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
