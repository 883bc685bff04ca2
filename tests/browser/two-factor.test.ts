import { TOTP, URI } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, mailedCode, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Two-factor in the browser: enabling it (password → QR code and the secret / otpauth URI as text →
 * a code computed from that URI, as an authenticator app would), then the sign-in challenge with an
 * authenticator code, a mailed code and a backup code.
 */
let stack: Stack;

describeBrowser('two-factor journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('two-factor');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await shows(page.getByRole('link', { name: 'Sign in' }));
  };
  /** Email and password, up to the two-factor challenge. */
  const startSignIn = async (page: Page, email: string, password: string) => {
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shows(page.getByRole('heading', { name: 'Two-factor verification' }));
    // A session exists only after the second step.
    await absent(page.getByRole('button', { name: 'Sign out' }));
  };
  const expectSignedIn = async (page: Page, name: string) => {
    await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
    await showsText(page.getByRole('banner'), name);
  };

  it(
    'enable with a code from the otpauth URI, then sign in with an authenticator code, a mailed code and a backup code',
    async () => {
      const email = uniqueEmail('turing');
      const password = 'enigma-machine-1';
      const page = await stack.page();
      await page.goto(`${stack.url}/sign-up`);
      await page.getByLabel('Name', { exact: true }).fill('Alan Turing');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expectSignedIn(page, 'Alan Turing');

      // Enable: password first.
      await page.getByRole('link', { name: 'Two-factor' }).click();
      await page.getByRole('button', { name: 'Enable two-factor' }).click();
      await page.getByLabel('Password').fill('not-my-password');
      await page.getByRole('button', { name: 'Enable two-factor' }).click();
      await showsText(page.getByRole('alert'), 'Invalid password');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Enable two-factor' }).click();

      // A QR code and, as text to copy, the secret and the otpauth:// URI.
      const qr = page.getByRole('img', { name: 'QR code' });
      await shows(qr);
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const uri = await page.getByLabel('Setup URI').inputValue();
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      const totp = URI.parse(uri);
      if (!(totp instanceof TOTP)) throw new Error(`not a TOTP URI: ${uri}`);
      expect(await page.getByLabel('Secret').inputValue()).toBe(totp.secret.base32);
      expect(totp.issuer).toBe('Gatehouse');
      await stack.shot(page, '3-setup-qr-and-secret');

      const enrolAt = Date.now();
      await page.getByLabel('Code').fill(totp.generate({ timestamp: enrolAt }));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await showsText(page.getByRole('status'), 'Two-factor authentication is on.');
      const codes = (await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()).map((c) => c.trim());
      expect(codes.length).toBeGreaterThanOrEqual(5);
      await showsText(page.getByRole('region', { name: 'Authenticator app' }), /Status\s+On/);
      await stack.shot(page, '3-enabled-backup-codes');
      // The codes are shown once, in the copy-this-secret dialog; "I have saved it" closes it.
      await page.getByRole('dialog', { name: 'Backup codes' }).getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByRole('dialog'));

      // Sign in again: the authenticator code (of the next step, so it is not the one just used).
      await signOut(page);
      await startSignIn(page, email, password);
      await shows(page.getByLabel('Code'));
      await shows(page.getByLabel('Trust this device'));
      await shows(page.getByRole('button', { name: 'Email me a code' }));
      await shows(page.getByRole('button', { name: 'Use a backup code' }));
      await stack.shot(page, '3-challenge');
      await page.getByLabel('Code').fill(totp.generate({ timestamp: Math.max(Date.now(), enrolAt + 30_000) }));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expectSignedIn(page, 'Alan Turing');

      // "Email me a code": the code comes by mail.
      await signOut(page);
      await startSignIn(page, email, password);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await showsText(page.getByRole('status'), 'A code was sent to your email address.');
      const otp = mailedCode(await stack.sink.waitFor(email, (m) => m.subject === 'Your sign-in code', 10_000));
      await page.getByLabel('Code').fill(otp);
      await stack.shot(page, '3-challenge-mailed-code');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expectSignedIn(page, 'Alan Turing');

      // "Use a backup code": one of the codes shown at enrolment.
      await signOut(page);
      await startSignIn(page, email, password);
      await page.getByRole('button', { name: 'Use a backup code' }).click();
      await showsText(page.getByText(/backup codes/), 'Each code works once');
      await page.getByLabel('Code').fill(codes[0]!);
      await stack.shot(page, '3-challenge-backup-code');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expectSignedIn(page, 'Alan Turing');
      await stack.shot(page, '3-signed-in-with-backup-code');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'two-factor turned off on another device: the stale page\'s "Regenerate backup codes" is refused and the page shows Off',
    async () => {
      const email = uniqueEmail('hopper');
      const password = 'compiler-grace-1';
      await apiSignUp(stack, { name: 'Grace Hopper', email, password });
      const page = await stack.page({ width: 390, height: 844 });
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectSignedIn(page, 'Grace Hopper');

      // Enabled over the API, as an authenticator app user would on another device.
      const post = (path: string, body: unknown) =>
        page.evaluate(
          async ([p, b]) => (await fetch(`/api/auth${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).status,
          [path, body] as const,
        );
      const uri = await page.evaluate(
        async (pw) =>
          (
            await (
              await fetch('/api/auth/two-factor/enable', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ password: pw }),
              })
            ).json()
          ).totpURI as string,
        password,
      );
      const totp = URI.parse(uri) as TOTP;
      expect(await post('/two-factor/verify-totp', { code: totp.generate() })).toBe(200);
      await page.goto(`${stack.url}/two-factor`);
      await showsText(page.getByRole('region', { name: 'Authenticator app' }), /Status\s+On/);

      // Turned off elsewhere; this page, loaded before, still offers to regenerate codes.
      expect(await post('/two-factor/disable', { password })).toBe(200);
      await page.getByRole('button', { name: 'Regenerate backup codes' }).click();
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Regenerate backup codes' }).click();
      await showsText(page.getByRole('region', { name: 'Authenticator app' }), /Status\s+Off/);
      await shows(page.getByRole('button', { name: 'Enable two-factor' }));
      await absent(page.getByRole('button', { name: 'Regenerate backup codes' }));
      await stack.shot(page, '3-off-elsewhere-phone');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
