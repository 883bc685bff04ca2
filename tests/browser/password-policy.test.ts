import { afterAll, beforeAll, expect, it } from 'vitest';
import { actionLink, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The password policy in the browser (default options: common passwords refused): the sign-up
 * page shows a strength meter while typing (its estimator fetched only then), a common password
 * is refused in words next to the field, a strong one signs up; the account's change-password
 * form refuses a common one the same way.
 */
let stack: Stack;

const COMPROMISED = 'This password is too common or has appeared in a data breach. Please choose a different password.';

describeBrowser('password policy in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('password-policy');
  });
  afterAll(async () => {
    await stack?.close();
  });

  for (const width of [1280, 390]) {
    it(
      `at ${width}px: a common password is refused on sign-up with the meter visible, then a strong one succeeds`,
      async () => {
        const page = await stack.page({ width, height: 900 });
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(r.url());
        });
        await page.goto(`${stack.url}/sign-up`);
        await shows(page.getByRole('heading', { name: 'Sign up' }));
        await page.getByLabel('Name', { exact: true }).fill('Rosalind Franklin');
        await page.getByLabel('Email').fill(uniqueEmail('rosalind'));
        await shows(page.getByText('At least 8 characters.', { exact: false }));
        const before = scripts.length;

        // Typing fetches the estimator (chunks the first page did not load) and shows the meter.
        await page.getByLabel('Password', { exact: true }).fill('password123');
        const meter = page.getByRole('meter', { name: 'Password strength' });
        await shows(meter);
        await showsText(page.locator('.strength-label'), /^Strength: (Very weak|Weak)$/);
        expect(scripts.length).toBeGreaterThan(before);
        // One step of five filled for "Very weak", two for "Weak".
        expect(Number(await meter.getAttribute('value'))).toBeLessThanOrEqual(2);

        await page.getByRole('button', { name: 'Sign up' }).click();
        const field = page.locator('.field', { has: page.getByLabel('Password', { exact: true }) });
        await showsText(field.getByRole('alert'), COMPROMISED);
        await shows(meter);
        await stack.shot(page, `${width}-common-refused`);
        expect(await page.getByRole('alert').count()).toBe(1);
        expect(page.url()).toMatch(/\/sign-up$/);

        await page.getByLabel('Password', { exact: true }).fill('violet tundra kettle orbit');
        await showsText(page.locator('.strength-label'), /^Strength: Strong$/);
        // The refusal was about the password sent; an edited one no longer carries it.
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(await meter.getAttribute('value')).toBe('5');
        await stack.shot(page, `${width}-strong`);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
        await showsText(page.getByRole('banner'), 'Rosalind Franklin');

        // The account's change-password form: the same meter, the same refusal in words.
        // The row's "Change password" (on the Security page) opens the dialog with Current password / New password.
        await page.goto(`${stack.url}/account/security`);
        await shows(page.getByRole('heading', { name: 'Security', level: 1 }));
        await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Change password' }).click();
        const change = page.getByRole('dialog', { name: 'Change password' });
        await change.getByLabel('Current password').fill('violet tundra kettle orbit');
        await change.getByLabel('New password').fill('iloveyou2');
        await shows(change.getByRole('meter', { name: 'Password strength' }));
        await change.getByRole('button', { name: 'Change password' }).click();
        await showsText(change.getByRole('alert'), COMPROMISED);
        await change.scrollIntoViewIfNeeded();
        await stack.shot(page, `${width}-change-refused`);
        expect(stack.pageErrors).toEqual([]);
      },
      JOURNEY_TIMEOUT,
    );
  }

  it(
    'the reset page: meter while typing, a common password refused next to New password, a strong one set',
    async () => {
      const email = uniqueEmail('barbara');
      await apiSignUp(stack, { name: 'Barbara Liskov', email, password: 'substitution principle' });
      const page = await stack.page({ width: 390, height: 900 });
      await page.goto(`${stack.url}/forgot-password`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await showsText(page.getByRole('status'), 'Check your email');
      const mail = await stack.sink.waitFor(email, (m) => m.subject === 'Reset your password', 10_000);
      await page.goto(actionLink(mail));
      await page.waitForURL(/\/reset-password\?token=/);

      await page.getByLabel('New password').fill('letmein123');
      await page.getByLabel('Confirm password').fill('letmein123');
      await shows(page.getByRole('meter', { name: 'Password strength' }));
      await page.getByRole('button', { name: 'Reset password' }).click();
      const field = page.locator('.field', { has: page.getByLabel('New password') });
      await showsText(field.getByRole('alert'), COMPROMISED);
      await stack.shot(page, '390-reset-refused');
      await page.setViewportSize({ width: 1280, height: 900 });
      await stack.shot(page, '1280-reset-refused');

      await page.getByLabel('New password').fill('liskov substitution rules');
      await page.getByLabel('Confirm password').fill('liskov substitution rules');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await showsText(page.getByRole('status'), 'Your password has been changed');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
