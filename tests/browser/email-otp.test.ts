import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSignUp, describeBrowser, JOURNEY_TIMEOUT, mailedCode, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Email one-time codes in Chromium, with the server turned on by its config file alone
 * (`emailOTP: { enabled: true }`): a new person signs in by the code read from the mail (a
 * wrong code and a spent one explained in words on the way), an existing one resets the password
 * with a code, and a signed-in person verifies the address with a code.
 */
let stack: Stack;

describeBrowser('email code journeys in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('email-otp', { emailOTP: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const codeMail = (email: string, subject: string) => stack.sink.waitFor(email, (m) => m.subject === subject, 10_000);
  const wrong = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

  it(
    'a new person signs in with the code from the mail; wrong and spent codes are explained',
    async () => {
      const email = uniqueEmail('otto');
      const page = await stack.page();
      await page.goto(`${stack.url}/sign-in`);
      await stack.shots(page, '1-sign-in');
      await page.getByRole('button', { name: 'Other ways to sign in' }).click();
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.getByLabel('Email').fill(email);
      await stack.shots(page, '1-email');
      await page.getByRole('button', { name: 'Send code' }).click();

      const codeField = page.getByLabel('Code');
      await shows(codeField);
      expect(await codeField.getAttribute('inputmode')).toBe('numeric');
      expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
      let code = mailedCode(await codeMail(email, 'Your sign-in code'));

      // Three wrong tries: the first says the code is not right, the third that the code is gone.
      for (let i = 0; i < 2; i++) {
        await codeField.fill(wrong(code));
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await showsText(page.getByRole('alert'), 'That code is not right');
      }
      await stack.shots(page, '1-wrong-code');
      await codeField.fill(wrong(code));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await showsText(page.getByRole('alert'), 'Too many wrong tries: that code no longer works. Ask for a new code.');
      await stack.shots(page, '1-too-many-tries');
      await codeField.fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await showsText(page.getByRole('alert'), 'That code is not right');

      await page.getByRole('button', { name: 'Send a new code' }).click();
      code = mailedCode(await codeMail(email, 'Your sign-in code'));
      await codeField.fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(page.getByRole('button', { name: 'Sign out' }));
      await page.waitForURL(/\/account/);
      await showsText(page.locator('body'), email);
      await showsText(page.locator('body'), 'Verified');
      await stack.shots(page, '1-signed-in');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an existing person resets the password with a code, then signs in with it',
    async () => {
      const email = uniqueEmail('rita');
      await apiSignUp(stack, { name: 'Rita Reset', email, password: 'old-password-1' });
      const page = await stack.page();
      await page.goto(`${stack.url}/sign-in`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await shows(page.getByRole('button', { name: 'Reset with a code instead' }));
      await stack.shots(page, '2-forgot-password');
      await page.getByRole('button', { name: 'Reset with a code instead' }).click();
      await page.getByLabel('Email').fill(email);
      await stack.shots(page, '2-reset-email');
      await page.getByRole('button', { name: 'Send code' }).click();
      await shows(page.getByLabel('Code'));
      const code = mailedCode(await codeMail(email, 'Your password reset code'));
      await page.getByLabel('Code').fill(code);
      await page.getByLabel('New password').fill('new-password-22');
      await page.getByLabel('Confirm password').fill('new-password-22');
      await stack.shots(page, '2-reset-code');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await showsText(page.getByRole('status'), 'Your password has been changed.');
      await stack.shots(page, '2-reset-done');

      await page.getByRole('link', { name: 'Go to sign in' }).click();
      // The reset page has an Email field too: fill the sign-in page's, not the one still shown while it loads.
      await shows(page.getByRole('heading', { name: 'Sign in', level: 1 }));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('new-password-22');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(page.getByRole('button', { name: 'Sign out' }));
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a signed-in person verifies the address with a code from the account page',
    async () => {
      const email = uniqueEmail('vic');
      const page = await stack.page();
      await page.goto(`${stack.url}/sign-up`);
      await page.getByLabel('Name', { exact: true }).fill('Vic Verify');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('verify-password-1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shows(page.getByRole('button', { name: 'Sign out' }));
      // The verification page offers a code beside the link.
      await page.goto(`${stack.url}/verify-email`);
      await shows(page.getByRole('heading', { name: 'Verify with a code' }));
      await shows(page.getByRole('button', { name: 'Email me a code' }));
      await stack.shots(page, '3-verify-email-page');
      await page.goto(`${stack.url}/account`);
      await showsText(page.locator('body'), 'Not verified');
      await page.getByRole('button', { name: 'Verify with a code instead' }).click();
      await shows(page.getByLabel('Code'));
      await stack.shots(page, '3-account-verify-code');
      const code = mailedCode(await codeMail(email, 'Your email verification code'));
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      // The account now shows the address verified (the code form goes with the unverified state).
      await showsText(page.locator('.badge'), /^Verified$/);
      expect(await page.getByLabel('Code').count()).toBe(0);
      await stack.shots(page, '3-account-verified');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
