import { type TOTP, URI } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The signed-out pages as a German-speaking person meets them: the branded card in German, a sign-up
 * the server refuses for one field, shown under that field, the footer's language switch remembered
 * across a reload; then the sign-in, sign-up (with its field error), forgot-password and two-factor
 * pages at phone and desktop width, light and dark, for the eye.
 */
let stack: Stack;
const PASSWORD = 'quiet-meadow-4821';
const BRAND = { name: 'Northwind ID', color: '#0f766e' };

describeBrowser('signed-out pages in German, branded, light and dark', () => {
  beforeAll(async () => {
    stack = await startStack('auth-screens', { branding: BRAND });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A fresh person's browser: German, in the given colour scheme. */
  const german = async (colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await stack.browser.newContext({ locale: 'de-DE', colorScheme, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    page.on('pageerror', (err) => stack.pageErrors.push(`${page.url()}: ${err.message}`));
    return { context, page };
  };

  it(
    'sign-up in German: a name the server refuses is shown under Name; the language switch is remembered',
    async () => {
      const { context, page } = await german();
      try {
        await page.goto(`${stack.url}/sign-up`);
        await shows(page.getByRole('heading', { name: 'Registrieren', level: 1 }));
        // The brand from the server config, as the card's link home.
        await shows(page.getByRole('link', { name: BRAND.name }));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe(BRAND.color);

        const name = page.getByLabel('Name', { exact: true });
        await name.fill('N'.repeat(10_001));
        await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('lang'));
        await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
        await shows(page.getByRole('meter', { name: 'Passwortstärke' }));
        await page.getByRole('button', { name: 'Registrieren' }).click();

        // The server's issue under the field it names, in German: the app sends its language with each request.
        const field = page.locator('.field', { has: name });
        await showsText(field.locator('.field-error'), /Zu groß|zu lang/i);
        expect(await name.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
        const errorId = describedBy.split(' ')[0] ?? '';
        expect(await page.locator(`[id="${errorId}"]`).textContent()).not.toMatch(/too (long|big)/i);
        // The form's top says, in German, that a field needs correcting; the other fields are not marked.
        await showsText(page.getByRole('alert'), 'Bitte korrigieren Sie das markierte Feld.');
        expect(await page.getByLabel('E-Mail-Adresse').getAttribute('aria-invalid')).toBeNull();
        expect(page.url()).toMatch(/\/sign-up$/);
        await stack.shots(page, 'sign-up-error-de-light');

        // The footer's language switch: French at once, and still French after a reload.
        await page.getByLabel('Sprache').selectOption('fr');
        await shows(page.getByRole('heading', { name: 'Créer un compte', level: 1 }));
        await shows(page.getByLabel('Adresse e-mail'));
        await page.reload();
        await shows(page.getByRole('heading', { name: 'Créer un compte', level: 1 }));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      } finally {
        await context.close();
      }
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a German sign-up gets its verification mail in German; French chosen while signed in makes later mails French',
    async () => {
      const { context, page } = await german();
      try {
        const email = uniqueEmail('deutsch');
        await page.goto(`${stack.url}/sign-up`);
        await page.getByLabel('Name', { exact: true }).fill('Greta Gerwig');
        await page.getByLabel('E-Mail-Adresse').fill(email);
        await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Registrieren' }).click();
        // Signed in now (this server does not require verification): a verification mail asked for in English
        // comes in German, the language the account was made in.
        await shows(page.getByRole('button', { name: /Abmelden/ }));
        const resend = (address: string) =>
          page.evaluate(async (to) => {
            const res = await fetch('/api/auth/send-verification-email', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'accept-language': 'en' },
              body: JSON.stringify({ email: to }),
            });
            return res.status;
          }, address);
        expect(await resend(email)).toBe(200);
        const german = await stack.sink.waitFor(email, (m) => m.subject === 'Bestätigen Sie Ihre E-Mail-Adresse', 10_000);
        expect(german.text).toContain('Bitte bestätigen Sie');

        // The footer's French is stored on the account, so the next mail is French.
        const stored = page.waitForResponse((r) => r.url().endsWith('/api/auth/update-user') && r.status() === 200);
        await page.getByLabel('Sprache').selectOption('fr');
        await stored;
        await shows(page.getByLabel('Langue'));
        expect(await resend(email)).toBe(200);
        await stack.sink.waitFor(email, (m) => m.subject === 'Vérifiez votre adresse e-mail', 10_000);
        expect(stack.pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'sign-in, forgot password and sign-up with a field error, light and dark, in German',
    async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page } = await german(scheme);
        try {
          await page.goto(`${stack.url}/sign-in`);
          await shows(page.getByRole('heading', { name: 'Anmelden', level: 1 }));
          await shows(page.getByRole('link', { name: 'Passwort vergessen?' }));
          await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('nobody'));
          await page.getByLabel('Passwort', { exact: true }).fill('wrong-password-1');
          await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
          await shows(page.getByRole('alert'));
          await stack.shots(page, `sign-in-de-${scheme}`);

          await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
          await shows(page.getByRole('heading', { name: 'Passwort vergessen', level: 1 }));
          await stack.shots(page, `forgot-password-de-${scheme}`);

          if (scheme === 'dark') {
            await page.goto(`${stack.url}/sign-up`);
            await page.getByLabel('Name', { exact: true }).fill('N'.repeat(10_001));
            await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('dark'));
            await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
            await page.getByRole('button', { name: 'Registrieren' }).click();
            await shows(page.locator('.field-error'));
            await stack.shots(page, 'sign-up-error-de-dark');
          }
        } finally {
          await context.close();
        }
      }
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'the two-factor challenge at sign-in, light and dark, in German',
    async () => {
      const email = uniqueEmail('grace');
      await apiSignUp(stack, { name: 'Grace Hopper', email, password: PASSWORD });
      await enableTwoFactor(email);
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page } = await german(scheme);
        try {
          await page.goto(`${stack.url}/sign-in`);
          await page.getByLabel('E-Mail-Adresse').fill(email);
          await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
          await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
          await shows(page.getByRole('heading', { name: 'Zwei-Faktor-Bestätigung' }));
          await shows(page.getByLabel('Diesem Gerät vertrauen'));
          await shows(page.getByRole('button', { name: 'Backup-Code verwenden' }));
          await stack.shots(page, `two-factor-de-${scheme}`);
        } finally {
          await context.close();
        }
      }
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});

/** Turns two-factor on over the API: sign in, enable with the password, confirm with a code from the URI. */
async function enableTwoFactor(email: string): Promise<void> {
  const call = async (path: string, body: unknown, cookie = '') => {
    const r = await fetch(`${stack.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url, cookie },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r;
  };
  const signedIn = await call('/sign-in/email', { email, password: PASSWORD });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { totpURI } = (await (await call('/two-factor/enable', { password: PASSWORD }, cookie)).json()) as { totpURI: string };
  const totp = URI.parse(totpURI) as TOTP;
  await call('/two-factor/verify-totp', { code: totp.generate() }, cookie);
}
