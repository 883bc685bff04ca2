import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Two accounts in one browser (the multiSession plugin, turned on by configuration alone):
 * sign in, "Add another account" from the account menu without signing out, switch between
 * them with one click, sign out of one (the other stays and becomes the active one), then
 * "Sign out of all accounts".
 */
let stack: Stack;

describeBrowser('several accounts in one browser, in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('multi-session', { multiSession: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signIn = async (page: Page, email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  const header = (page: Page) => page.getByRole('banner');
  const menuButton = (page: Page, name: string) => header(page).getByRole('button', { name, exact: true });
  const panel = (page: Page) => page.getByRole('region', { name: 'Accounts in this browser' });

  it(
    'adds a second account, switches, signs out of one and keeps the other',
    async () => {
      const ada = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'analytical-engine-1843' };
      const bob = { name: 'Bob Babbage', email: uniqueEmail('bob'), password: 'difference-engine-1822' };
      await apiSignUp(stack, ada);
      await apiSignUp(stack, bob);
      const page = await stack.page();

      await page.goto(`${stack.url}/sign-in`);
      await signIn(page, ada.email, ada.password);
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await shows(menuButton(page, 'Ada Lovelace'));

      // The account menu, named after the person: one account so far.
      await menuButton(page, 'Ada Lovelace').click();
      await showsText(panel(page), ada.email);
      await showsText(panel(page), 'Active');
      await panel(page).getByRole('link', { name: 'Add another account' }).click();

      // Sign-in without signing out.
      await shows(page.getByRole('heading', { name: 'Add another account', level: 1 }));
      await showsText(page.getByRole('main'), 'You stay signed in as Ada Lovelace');
      await stack.shots(page, 'add-account');
      await signIn(page, bob.email, bob.password);
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await shows(menuButton(page, 'Bob Babbage'));

      // Both accounts listed with name and email; Bob active; Ada one click away.
      await menuButton(page, 'Bob Babbage').click();
      await showsText(panel(page), ada.email);
      await showsText(panel(page), bob.email);
      const switchToAda = panel(page).getByRole('button', { name: `Switch to Ada Lovelace ${ada.email}` });
      await shows(switchToAda);
      await absent(panel(page).getByRole('button', { name: /Switch to Bob/ }));
      await stack.shots(page, 'account-menu');
      await switchToAda.click();
      await shows(menuButton(page, 'Ada Lovelace'));
      await absent(panel(page));
      await showsText(page.getByRole('main'), ada.email);

      // The cookies: one httpOnly multi cookie per account, besides the session cookie.
      const multi = (await page.context().cookies()).filter((c) => c.name.includes('.session_token_multi-'));
      expect(multi).toHaveLength(2);
      expect(multi.every((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);

      // Sign out ends Ada's session only: Bob stays, now the active account.
      await header(page).getByRole('button', { name: 'Sign out', exact: true }).click();
      await shows(menuButton(page, 'Bob Babbage'));
      await menuButton(page, 'Bob Babbage').click();
      await showsText(panel(page), bob.email);
      await absent(panel(page).getByText(ada.email));
      await stack.shots(page, 'after-sign-out');
      expect((await page.context().cookies()).filter((c) => c.name.includes('.session_token_multi-'))).toHaveLength(1);

      // Ada's session really ended: the page's own get-session says Bob.
      const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
      expect(session.user.email).toBe(bob.email);

      // Add Ada back, then sign out of all accounts.
      await panel(page).getByRole('link', { name: 'Add another account' }).click();
      await signIn(page, ada.email, ada.password);
      await shows(menuButton(page, 'Ada Lovelace'));
      await menuButton(page, 'Ada Lovelace').click();
      await shows(panel(page).getByRole('button', { name: `Switch to Bob Babbage ${bob.email}` }));
      await panel(page).getByRole('button', { name: 'Sign out of all accounts' }).click();
      await shows(page.getByRole('link', { name: 'Sign in' }));
      await absent(menuButton(page, 'Ada Lovelace'));
      expect((await page.context().cookies()).filter((c) => c.name.includes('session_token'))).toEqual([]);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'the menu closes with Escape and a click elsewhere; the phone layout keeps it on screen',
    async () => {
      const cleo = { name: 'Cleo Hopper', email: uniqueEmail('cleo'), password: 'cobol-compiler-1959' };
      await apiSignUp(stack, cleo);
      const page = await stack.page({ width: 390, height: 800 });
      await page.goto(`${stack.url}/sign-in`);
      await signIn(page, cleo.email, cleo.password);
      await menuButton(page, 'Cleo Hopper').click();
      await shows(panel(page));
      const box = (await panel(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await page.keyboard.press('Escape');
      await absent(panel(page));
      await menuButton(page, 'Cleo Hopper').click();
      await shows(panel(page));
      await page.mouse.click(200, 760);
      await absent(panel(page));
      expect(await menuButton(page, 'Cleo Hopper').getAttribute('aria-expanded')).toBe('false');
    },
    JOURNEY_TIMEOUT,
  );
});
