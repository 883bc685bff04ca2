import { type TOTP, URI } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actionLink, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Sign-in by a link from the mail, in Chromium: a person asks for a link on the sign-in page
 * ("Email me a sign-in link" → Email → "Check your mail", the same words for any address), the
 * link is read from the mail the server sent, opened in the page, and lands signed in (a new
 * account for a new address); the used link lands on a page that explains it and offers a new
 * one; a person with two-factor on gives the code after the link.
 */
let stack: Stack;

describeBrowser('magic link journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('magic-link', { magicLink: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const mailTo = (email: string, subject: string) => stack.sink.waitFor(email, (m) => m.subject === subject, 10_000);

  /** On the sign-in page: "Email me a sign-in link" → Email → "Send sign-in link" → "Check your mail". */
  const askForLink = async (page: Page, email: string) => {
    await page.goto(`${stack.url}/sign-in`);
    await page.getByRole('button', { name: 'Other ways to sign in' }).click();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await shows(page.getByRole('heading', { name: 'Check your mail' }));
    return (await page.getByRole('status').innerText()).replace(email, '{email}');
  };

  it(
    'asks for a link, opens it from the mail and lands signed in; a used link explains itself',
    async () => {
      const email = uniqueEmail('lovelace');
      const page = await stack.page();

      // A new address: the link creates the account.
      await page.goto(`${stack.url}/sign-in`);
      // The mailed ways in are folded under "Other ways to sign in", below the password form.
      await page.getByRole('button', { name: 'Other ways to sign in' }).click();
      await shows(page.getByRole('button', { name: 'Email me a sign-in link' }));
      await stack.shots(page, 'sign-in');
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await shows(page.getByRole('button', { name: 'Send sign-in link' }));
      await stack.shots(page, 'request');
      const saidToNew = await askForLink(page, email);
      expect(saidToNew).toBe('If {email} can be used to sign in here, a sign-in link is on its way to it.');
      await stack.shots(page, 'check-your-mail');

      const created = actionLink(await mailTo(email, 'Your link to create an account'));
      expect(created).toMatch(new RegExp(`^${stack.url}/api/auth/magic-link/verify\\?token=[A-Za-z0-9]{32}&callbackURL=`));
      await page.goto(created);
      await page.waitForURL(`${stack.url}/magic-link?new=1`);
      await shows(page.getByRole('heading', { name: 'You are signed in' }));
      await showsText(page.getByRole('status'), `Your account has been created. You are signed in as ${email}.`);
      await shows(page.getByRole('button', { name: 'Sign out' }));
      await stack.shots(page, 'signed-in-new');
      await page.getByRole('link', { name: 'Continue' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('main'), 'Verified');

      // Signed out, the same person asks again: the same words on the screen, a sign-in mail.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await shows(page.getByRole('link', { name: 'Sign in' }).first());
      expect(await askForLink(page, email)).toBe(saidToNew);
      const link = actionLink(await mailTo(email, 'Your sign-in link'));
      await page.goto(link);
      await page.waitForURL(`${stack.url}/magic-link`);
      await showsText(page.getByRole('status'), `You are signed in as ${email}.`);
      await stack.shots(page, 'signed-in');

      // The used link, in another browser: a page that says so in words, and a new link from there.
      const other = await stack.page();
      await other.goto(link);
      await other.waitForURL(`${stack.url}/magic-link/error?error=INVALID_TOKEN`);
      await shows(other.getByRole('heading', { name: 'This sign-in link has already been used' }));
      await showsText(other.getByRole('alert'), 'Each sign-in link works once.');
      await stack.shots(other, 'used');
      await other.getByLabel('Email').fill(email);
      await other.getByRole('button', { name: 'Send sign-in link' }).click();
      await shows(other.getByRole('heading', { name: 'Check your mail' }));
      const fresh = actionLink(await mailTo(email, 'Your sign-in link'));
      await other.goto(fresh);
      await showsText(other.getByRole('status'), `You are signed in as ${email}.`);

      // An expired link lands on the same page with its own words.
      await other.goto(`${stack.url}/magic-link/error?error=EXPIRED_TOKEN`);
      await shows(other.getByRole('heading', { name: 'This sign-in link has expired' }));
      // Signed in here already: nothing to ask for.
      await showsText(other.getByRole('main'), 'nothing more to do here');
      const stranger = await stack.page();
      await stranger.goto(`${stack.url}/magic-link/error?error=EXPIRED_TOKEN`);
      await shows(stranger.getByRole('heading', { name: 'This sign-in link has expired' }));
      await shows(stranger.getByRole('button', { name: 'Send sign-in link' }));
      await stack.shots(stranger, 'expired');

      // A link that named no landing of the app lands on `/`, which hands it to the landing page.
      const bare = uniqueEmail('babbage');
      const asked = await fetch(`${stack.url}/api/auth/sign-in/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url },
        body: JSON.stringify({ email: bare }),
      });
      expect(await asked.json()).toEqual({ status: true });
      const fromApi = actionLink(await mailTo(bare, 'Your link to create an account'));
      expect(new URL(fromApi).searchParams.get('callbackURL')).toBe('/');
      const third = await stack.page();
      await third.goto(fromApi);
      await third.waitForURL(`${stack.url}/magic-link`);
      await showsText(third.getByRole('status'), `You are signed in as ${bare}.`);
      await third.goto(fromApi);
      await third.waitForURL(`${stack.url}/magic-link/error?error=INVALID_TOKEN`);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a person with two-factor on gives the code after opening the link',
    async () => {
      const email = uniqueEmail('turing');
      const password = 'enigma-bombe-1940';
      await apiSignUp(stack, { name: 'Alan Turing', email, password });
      // A verified address (set-up): a link into an unverified account would adopt it, its second factor removed (SECURITY.md).
      await fetch(`${stack.url}/api/auth/send-verification-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url },
        body: JSON.stringify({ email }),
      });
      expect((await fetch(actionLink(await mailTo(email, 'Verify your email address')), { redirect: 'manual' })).status).toBeLessThan(400);
      // Two-factor enabled over the API (set-up, not the journey under test).
      const signIn = await fetch(`${stack.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url },
        body: JSON.stringify({ email, password }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const call = (path: string, body: unknown) =>
        fetch(`${stack.url}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: stack.url, cookie },
          body: JSON.stringify(body),
        });
      const enabled = (await (await call('/two-factor/enable', { password })).json()) as { totpURI: string };
      const otp = URI.parse(enabled.totpURI) as TOTP;
      expect((await call('/two-factor/verify-totp', { code: otp.generate() })).status).toBe(200);

      const page = await stack.page();
      await askForLink(page, email);
      await page.goto(actionLink(await mailTo(email, 'Your sign-in link')));
      await page.waitForURL(`${stack.url}/magic-link?twoFactorRedirect=true`);
      await showsText(page.getByRole('main'), 'Your sign-in link was accepted.');
      await shows(page.getByRole('heading', { name: 'Two-factor verification' }));
      await stack.shots(page, 'second-factor');
      // The code of the next time step: the enrolment used the current one.
      await page.getByLabel('Code').fill(otp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await shows(page.getByRole('heading', { name: 'You are signed in' }));
      await showsText(page.getByRole('status'), 'You are signed in as Alan Turing.');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
