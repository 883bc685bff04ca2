import { type TOTP, URI } from 'otpauth';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools Protocol: a CTAP2 platform
 * authenticator with resident keys and user verification): sign up, add a passkey in the account
 * page, sign out, sign in with the passkey alone (by autofill and by the button; a browser without it
 * cannot), rename it and delete it; the autofill kept on offer past its challenge's 5 minutes; a
 * passkey as the second factor of a password sign-in.
 */
let stack: Stack;

describeBrowser('passkey journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('passkey', { passkey: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A virtual platform authenticator that says yes (presence and verification) at once. */
  const withAuthenticator = async (page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { cdp, authenticatorId };
  };

  it(
    'adds a passkey, signs in with it alone, renames and deletes it',
    async () => {
      const email = uniqueEmail('hopper');
      const page = await stack.page();
      const { cdp, authenticatorId } = await withAuthenticator(page);

      await page.goto(`${stack.url}/sign-up`);
      await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('cobol-compiler-1959');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));

      // Account → Passkeys, the name suggested from the device.
      await shows(page.getByRole('heading', { name: 'Passkeys' }));
      await showsText(page.getByText('No passkeys yet.'), 'No passkeys yet.');
      await showsText(page.getByRole('note'), 'Your account is ready. Add a passkey now');
      // One click asks the device; the passkey is named after it, to rename later.
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await showsText(page.getByRole('status'), 'Passkey "Chrome on Linux" added.');
      await shows(page.getByText('Chrome on Linux', { exact: true }));
      await stack.shots(page, 'account-with-passkey');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.isResidentCredential).toBe(true);

      // Sign out, then in with the passkey alone, from the email field's autofill: the virtual
      // authenticator answers the page's conditional request as soon as the page makes it.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Grace Hopper');

      // And by the button. The authenticator holds its passkey back while the page loads (so that
      // the autofill request finds nothing to answer at once), then gets it again for the button.
      await page.getByRole('button', { name: 'Sign out' }).click();
      const [held] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await page.getByRole('link', { name: 'Sign in' }).click();
      expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
      await stack.shots(page, 'sign-in');
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: held! });
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Grace Hopper');
      const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(after.credentials[0]!.signCount).toBeGreaterThan(1);

      // Another browser, whose authenticator holds no passkey of this site, cannot sign in.
      const stranger = await stack.page();
      await withAuthenticator(stranger);
      await stranger.goto(`${stack.url}/sign-in`);
      await stranger.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await showsText(stranger.getByRole('alert'), 'The passkey request was cancelled or timed out.');
      await absent(stranger.getByRole('button', { name: 'Sign out' }));

      // Rename, on Security (the passkeys' page).
      await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Security' }).click();
      await shows(page.getByRole('heading', { name: 'Security', level: 1 }));
      await page.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
      await page.getByRole('dialog', { name: 'Rename passkey' }).getByLabel('New name').fill('Work laptop');
      await page.getByRole('dialog', { name: 'Rename passkey' }).getByRole('button', { name: 'Save name' }).click();
      await shows(page.getByText('Work laptop', { exact: true }));
      await absent(page.getByText('Chrome on Linux', { exact: true }));

      // Delete, after a confirmation.
      await page.getByRole('button', { name: 'Delete Work laptop' }).click();
      await showsText(page.getByRole('listitem'), 'Delete the passkey "Work laptop"?');
      await stack.shots(page, 'delete-confirmation');
      await page.getByRole('button', { name: 'Delete passkey' }).click();
      await shows(page.getByText('No passkeys yet.'));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  /** Signs up in the page (landing on Profile, which offers a passkey straight after sign-up) and adds a passkey there. */
  const signUpWithPasskey = async (page: Page, name: string, email: string, password: string) => {
    await page.goto(`${stack.url}/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await shows(page.getByRole('heading', { name: 'Passkeys' }));
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await showsText(page.getByRole('status'), 'Passkey "Chrome on Linux" added.');
  };

  /** Turns two-factor on over the API from the signed-in page (as an authenticator app user would). */
  const enableTwoFactor = async (page: Page, password: string) => {
    const uri = await page.evaluate(async (pw) => {
      const r = await fetch('/api/auth/two-factor/enable', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: pw }),
      });
      return ((await r.json()) as { totpURI: string }).totpURI;
    }, password);
    const code = (URI.parse(uri) as TOTP).generate();
    const status = await page.evaluate(
      async (c) =>
        (
          await fetch('/api/auth/two-factor/verify-totp', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ code: c }),
          })
        ).status,
      code,
    );
    expect(status).toBe(200);
  };

  it(
    'keeps the autofill on offer past its challenge’s 5 minutes, renewed with fresh options',
    async () => {
      const email = uniqueEmail('lovelace');
      const page = await stack.page();
      const { cdp, authenticatorId } = await withAuthenticator(page);
      await signUpWithPasskey(page, 'Ada Lovelace', email, 'analytical-engine-1843');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await shows(page.getByRole('link', { name: 'Sign in' }));

      // The page's clock is the test's from here on. The authenticator waits for a touch that does
      // not come (no presence simulated), so the autofill request stays open.
      await page.clock.install();
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/passkey/generate-authenticate-options')) asked.push(r.url());
      });
      await page.goto(`${stack.url}/sign-in`);
      await shows(page.getByRole('button', { name: 'Sign in with a passkey' }));
      await expect.poll(() => asked.length).toBe(1);
      await page.clock.fastForward(60_000);
      expect(asked).toHaveLength(1);

      // 4.5 minutes on: the waiting request is replaced by one with fresh options; the replaced
      // one leaves no message, and the page still signs in with the passkey. Chromium's virtual
      // authenticator may answer the renewed autofill request as soon as presence is switched on,
      // or not (timing); when it has not, the button takes the open request over. Either way the
      // renewed request's sign-in must succeed.
      await page.clock.fastForward(210_000);
      await expect.poll(() => asked.length).toBe(2);
      await absent(page.getByRole('alert'));
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
      const account = page.getByRole('heading', { name: 'Profile', level: 1 });
      const signedInAlready = await account.waitFor({ state: 'visible', timeout: 2_000 }).then(
        () => true,
        () => false,
      );
      // `force`: the page's clock is the test's, so Playwright's wait for a stable element (animation frames) would not end.
      if (!signedInAlready) await page.getByRole('button', { name: 'Sign in with a passkey' }).click({ force: true });
      await shows(account);
      await showsText(page.getByRole('banner'), 'Ada Lovelace');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a passkey answers the second factor of a password sign-in',
    async () => {
      const email = uniqueEmail('lamarr');
      const password = 'frequency-hopping-1942';
      const page = await stack.page();
      const { cdp, authenticatorId } = await withAuthenticator(page);
      await signUpWithPasskey(page, 'Hedy Lamarr', email, password);
      await showsText(page.getByRole('listitem'), 'Never used');
      await enableTwoFactor(page, password);
      await page.getByRole('button', { name: 'Sign out' }).click();

      // The password first (the passkey held back, so that the sign-in page's autofill waits).
      const [held] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Two-factor verification' }));
      await shows(page.getByRole('button', { name: 'Use a passkey' }));
      await absent(page.getByRole('button', { name: 'Sign out' }));
      await stack.shots(page, 'two-factor-with-passkey');

      // Then the passkey instead of a code.
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: held! });
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Hedy Lamarr');
      // Security lists the passkey, now used.
      await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Security' }).click();
      await showsText(page.getByRole('listitem'), 'Last used');
      await stack.shots(page, 'account-passkey-last-used');

      // Someone with two-factor and no passkey is offered codes only.
      const other = await stack.page();
      const otherEmail = uniqueEmail('noether');
      await other.goto(`${stack.url}/sign-up`);
      await other.getByLabel('Name', { exact: true }).fill('Emmy Noether');
      await other.getByLabel('Email').fill(otherEmail);
      await other.getByLabel('Password', { exact: true }).fill(password);
      await other.getByRole('button', { name: 'Sign up' }).click();
      await shows(other.getByRole('heading', { name: 'Passkeys' }));
      await enableTwoFactor(other, password);
      await other.getByRole('button', { name: 'Sign out' }).click();
      await other.getByRole('link', { name: 'Sign in' }).click();
      await other.getByLabel('Email').fill(otherEmail);
      await other.getByLabel('Password', { exact: true }).fill(password);
      // The two-factor step asks whether this person has passkeys (options while the sign-in waits).
      const asked = other.waitForResponse(
        async (r) => r.url().includes('/passkey/generate-authenticate-options') && /two_factor=/.test((await r.request().allHeaders()).cookie ?? ''),
      );
      await other.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(other.getByRole('heading', { name: 'Two-factor verification' }));
      expect(((await (await asked).json()) as { allowCredentials: unknown[] }).allowCredentials).toEqual([]);
      await shows(other.getByRole('button', { name: 'Use a backup code' }));
      await absent(other.getByRole('button', { name: 'Use a passkey' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a deleted passkey signs no one in',
    async () => {
      const page = await stack.page();
      const { cdp, authenticatorId } = await withAuthenticator(page);
      await page.goto(`${stack.url}/sign-up`);
      await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
      await page.getByLabel('Email').fill(uniqueEmail('ada'));
      await page.getByLabel('Password', { exact: true }).fill('analytical-engine-1843');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shows(page.getByRole('heading', { name: 'Passkeys' }));
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await showsText(page.getByRole('status'), 'added.');
      // The server forgets the passkey; the authenticator still holds it.
      await page.getByRole('button', { name: 'Delete Chrome on Linux' }).click();
      await page.getByRole('button', { name: 'Delete passkey' }).click();
      await shows(page.getByText('No passkeys yet.'));
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await showsText(page.getByRole('alert'), 'Passkey not found');
      await absent(page.getByRole('button', { name: 'Sign out' }));
    },
    JOURNEY_TIMEOUT,
  );
});
