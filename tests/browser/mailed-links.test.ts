import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TokenSigner } from '../../packages/core/src/crypto/jwt.js';
import { absent, actionLink, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Every link Gatehouse mails lands on a page of the app that says what happened and what to
 * do next, also when the call that mailed it named no callbackURL (the link then names `/`,
 * and `/` hands the landing to the page made for it): verification (accepted, expired, used),
 * change-email confirmation, delete-account confirmation, password reset (accepted, used).
 */
let stack: Stack;

describeBrowser('mailed links land on pages in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('mailed-links', { emailAndPassword: { requireEmailVerification: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const mailTo = (email: string, subject: string) => stack.sink.waitFor(email, (m) => m.subject === subject, 10_000);

  /** A verified user, signed up and verified over HTTP (set-up, not the journey under test). */
  const verifiedUser = async (who: string, password: string) => {
    const email = uniqueEmail(who);
    await apiSignUp(stack, { name: `${who} Tester`, email, password });
    await fetch(actionLink(await mailTo(email, 'Verify your email address')), { redirect: 'manual' });
    return email;
  };
  /** The session cookie of an API sign-in, for calls made the way another client would. */
  const apiSession = async (email: string, password: string) => {
    const r = await fetch(`${stack.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ email, password }),
    });
    expect(r.status).toBe(200);
    return r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const signIn = (page: Page, email: string, password: string) => signInOnPage(stack, page, email, password);

  it(
    'a verification link from a sign-up without callbackURL says the address is verified; used again, it offers a new link',
    async () => {
      const email = uniqueEmail('vera');
      await apiSignUp(stack, { name: 'Vera Verify', email, password: 'verify-password-1' });
      const link = actionLink(await mailTo(email, 'Verify your email address'));
      expect(new URL(link).searchParams.get('callbackURL')).toBe('/');

      const page = await stack.page();
      await page.goto(link);
      await page.waitForURL(`${stack.url}/verify-email`);
      await showsText(page.getByRole('status'), 'Your email address has been verified.');
      await shows(page.getByRole('link', { name: 'Go to sign in' }));
      await stack.shots(page, 'verify-accepted');
      // The notice was read once: a later visit says nothing about a link.
      await page.goto(`${stack.url}/`);
      await shows(page.getByRole('heading', { name: 'Welcome to Gatehouse' }));

      await page.goto(link);
      await page.waitForURL(`${stack.url}/verify-email?error=invalid_token`);
      await showsText(page.getByRole('alert'), 'The link is invalid. It may have been altered or already used.');
      await stack.shots(page, 'verify-used');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send a new link' }).click();
      await showsText(page.getByRole('status'), `If ${email} belongs to an account that is not verified yet`);
      await page.getByRole('link', { name: 'your account (sign in first)' }).click();
      await shows(page.getByRole('heading', { name: 'Sign in' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'signing in unverified mails a new link (no callbackURL) that lands on the verification page',
    async () => {
      const email = uniqueEmail('uma');
      await apiSignUp(stack, { name: 'Uma Unverified', email, password: 'unverified-password-1' });
      await mailTo(email, 'Verify your email address');
      const page = await stack.page();
      await page.goto(`${stack.url}/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('unverified-password-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await showsText(page.getByRole('alert'), 'Email not verified');
      await showsText(page.locator('main'), 'We sent a new verification link to your email address');
      await stack.shots(page, 'sign-in-unverified');
      const link = actionLink(await mailTo(email, 'Verify your email address'));
      expect(new URL(link).searchParams.get('callbackURL')).toBe('/');
      await page.goto(link);
      await page.waitForURL(`${stack.url}/verify-email`);
      await showsText(page.getByRole('status'), 'Your email address has been verified.');
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('unverified-password-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(page.getByRole('button', { name: 'Sign out' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an expired verification link explains it and sends a new one that works',
    async () => {
      const email = uniqueEmail('exa');
      await apiSignUp(stack, { name: 'Exa Expired', email, password: 'expired-password-1' });
      await mailTo(email, 'Verify your email address');
      // A link exactly like the mailed one, signed with the server's secret two hours ago (valid one hour).
      const token = await new TokenSigner([stack.env.AUTH_SECRET]).sign({ email, purpose: 'email-verification' }, 3600, Date.now() - 7200_000);
      const page = await stack.page();
      await page.goto(`${stack.url}/api/auth/verify-email?token=${token}&callbackURL=%2F`);
      await page.waitForURL(`${stack.url}/verify-email?error=token_expired`);
      await showsText(page.getByRole('alert'), 'The link has expired.');
      await stack.shots(page, 'verify-expired');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send a new link' }).click();
      await showsText(page.getByRole('status'), 'a new verification link has been sent');
      // The new link comes from the app, so it lands on the app's verification page.
      await page.goto(actionLink(await mailTo(email, 'Verify your email address')));
      await page.waitForURL(`${stack.url}/verify-email`);
      await showsText(page.getByRole('status'), 'Your email address has been verified.');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a change-email confirmation says the address changed and that the new one awaits verification; signed out it says to sign in',
    async () => {
      const email = await verifiedUser('cleo', 'change-password-1');
      const moved = uniqueEmail('cleo-moved');
      const page = await stack.page();
      await signIn(page, email, 'change-password-1');
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Change email' }).click();
      await page.getByRole('dialog', { name: 'Change email' }).getByLabel('New email').fill(moved);
      await page.getByRole('dialog', { name: 'Change email' }).getByRole('button', { name: 'Change email' }).click();
      await showsText(page.getByRole('status'), `open the link sent to ${email}`);
      const confirm = actionLink(await mailTo(email, 'Confirm your email change'));

      const stranger = await stack.page();
      await stranger.goto(confirm);
      await stranger.waitForURL(/\/verify-email\?error=unauthorized$/);
      await shows(stranger.getByRole('heading', { name: 'Email change' }));
      await showsText(stranger.getByRole('alert'), 'You need to be signed in to confirm this change of email address.');
      await shows(stranger.getByRole('link', { name: 'Go to sign in' }));
      await stack.shots(stranger, 'change-email-signed-out');

      await page.goto(confirm);
      await page.waitForURL(/\/verify-email$/);
      await shows(page.getByRole('heading', { name: 'Email change' }));
      await showsText(page.getByRole('status'), `Your email address has been changed to ${moved}.`);
      await showsText(page.locator('main'), `We sent a verification link to ${moved}`);
      await stack.shots(page, 'change-email-confirmed');
      // Opened again later, without a link, the page offers to send the new address a link.
      await page.goto(`${stack.url}/verify-email`);
      await showsText(page.locator('main'), `Your email address is ${moved}. It is not verified yet`);
      await shows(page.getByRole('button', { name: 'Send a new link' }));
      await stack.shots(page, 'verify-signed-in-unverified');
      await page.goto(actionLink(await mailTo(moved, 'Verify your email address')));
      await page.waitForURL(/\/verify-email$/);
      await showsText(page.getByRole('status'), `Your email address ${moved} is verified.`);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a delete-account link from a call without callbackURL says the account is deleted; used again, it explains and leads on',
    async () => {
      const email = await verifiedUser('dora', 'delete-password-1');
      const cookie = await apiSession(email, 'delete-password-1');
      const r = await fetch(`${stack.url}/api/auth/delete-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url, cookie },
        body: '{}',
      });
      expect(await r.json()).toEqual({ success: true, message: 'Verification email sent' });
      const link = actionLink(await mailTo(email, 'Confirm account deletion'));
      expect(new URL(link).searchParams.get('callbackURL')).toBe('/');

      const page = await stack.page();
      await page.goto(link);
      await page.waitForURL(`${stack.url}/account-deleted`);
      await showsText(page.getByRole('status'), 'Your account has been deleted');
      await shows(page.getByRole('link', { name: 'Sign up' }));
      await stack.shots(page, 'delete-confirmed');

      await page.goto(link);
      await page.waitForURL(`${stack.url}/account-deleted?error=invalid_token`);
      await shows(page.getByRole('heading', { name: 'Delete account' }));
      await showsText(page.getByRole('alert'), 'invalid, has expired or was already used');
      await stack.shots(page, 'delete-used');
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await shows(page.getByRole('heading', { name: 'Sign in' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'the app asks for the deletion by mail and its link lands on the account-deleted page',
    async () => {
      const email = await verifiedUser('dan', 'delete-password-2');
      const page = await stack.page();
      await signIn(page, email, 'delete-password-2');
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Danger zone' }).click();
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('button', { name: 'Delete my account permanently' }).click();
      await showsText(page.getByRole('status'), 'open the link we sent');
      const link = actionLink(await mailTo(email, 'Confirm account deletion'));
      expect(new URL(link).searchParams.get('callbackURL')).toBe(`${stack.url}/account-deleted`);
      // A wrong link, followed while signed in, says the account still exists and where to ask again.
      await page.goto(`${stack.url}/api/auth/delete-user/callback?token=wrong&callbackURL=%2Faccount-deleted`);
      await page.waitForURL(`${stack.url}/account-deleted?error=invalid_token`);
      await showsText(page.locator('main'), `Your account (${email}) still exists`);
      await stack.shots(page, 'delete-wrong-signed-in');
      await page.getByRole('link', { name: 'Open your account' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await page.goto(link);
      await page.waitForURL(`${stack.url}/account-deleted`);
      await showsText(page.getByRole('status'), 'Your account has been deleted');
      await absent(page.getByRole('button', { name: 'Sign out' }));
      await page.getByRole('link', { name: 'Home' }).click();
      await shows(page.getByRole('heading', { name: 'Welcome to Gatehouse' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a reset link from a request without redirectTo opens the reset form; used again, it offers a new link',
    async () => {
      const email = await verifiedUser('rita', 'reset-password-1');
      await fetch(`${stack.url}/api/auth/forget-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url },
        body: JSON.stringify({ email }),
      });
      const link = actionLink(await mailTo(email, 'Reset your password'));
      expect(new URL(link).searchParams.get('callbackURL')).toBe('/');

      const page = await stack.page();
      await page.goto(link);
      await page.waitForURL(/\/reset-password\?token=/);
      await stack.shots(page, 'reset-form');
      await page.getByLabel('New password').fill('reset-password-2');
      await page.getByLabel('Confirm password').fill('reset-password-2');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await showsText(page.getByRole('status'), 'Your password has been changed');

      await page.goto(link);
      await page.waitForURL(`${stack.url}/reset-password?error=INVALID_TOKEN`);
      await showsText(page.getByRole('alert'), 'This password reset link is invalid, has expired or was already used.');
      await stack.shots(page, 'reset-used');
      await page.getByRole('link', { name: 'Request a new reset link' }).click();
      await shows(page.getByRole('button', { name: 'Send reset link' }));
      await signIn(page, email, 'reset-password-2');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
