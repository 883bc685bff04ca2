import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The account area (/account, /sessions, /two-factor beside one sidebar) in a French browser: the
 * sidebar, headings and dates in French, a saved name confirmed by a French toast, another session
 * revoked with a French toast. Then its screenshots, light and dark, phone and desktop.
 */
let stack: Stack;

const FRENCH_MONTH = '(janv\\.|févr\\.|mars|avr\\.|mai|juin|juil\\.|août|sept\\.|oct\\.|nov\\.|déc\\.)';

describeBrowser('the account area in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('account-area', { multiSession: { enabled: true }, apiKey: { enabled: true }, passkey: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Signs in through the API inside the page's context (its cookies), whatever language the sign-in page speaks. */
  const apiSignInInPage = async (page: Page, email: string, password: string) => {
    const answer = await page.request.post(`${stack.url}/api/auth/sign-in/email`, {
      data: { email, password },
      headers: { origin: stack.url },
    });
    expect(answer.status()).toBe(200);
  };

  it(
    'in French: sidebar, headings and dates in French; a new name with a French toast; another session revoked after a French confirmation',
    async () => {
      const email = uniqueEmail('amelie');
      // The sign-up's session is the "other device" revoked below.
      await apiSignUp(stack, { name: 'Amélie Test', email, password: 'quiet-meadow-4821' });
      const context = await stack.browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      page.on('pageerror', (err) => stack.pageErrors.push(`${page.url()}: ${err.message}`));
      await page.goto(`${stack.url}/`);
      await apiSignInInPage(page, email, 'quiet-meadow-4821');
      await page.goto(`${stack.url}/account`);

      // Headings, sidebar and header in French.
      await shows(page.getByRole('heading', { name: 'Profil', level: 1 }));
      const sidebar = page.getByRole('navigation', { name: 'Paramètres du compte' });
      for (const name of ['Profil', 'Sécurité', 'Sessions', 'Double authentification', 'Méthodes de connexion', "Clés d'API", 'Zone de danger']) {
        await shows(sidebar.getByRole('link', { name, exact: true }));
      }
      await shows(page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }));
      // Each entry opens its own page, titled as the entry.
      await sidebar.getByRole('link', { name: 'Sécurité', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Sécurité', level: 1 }));
      await shows(page.getByRole('region', { name: 'Sécurité' }));
      await sidebar.getByRole('link', { name: "Clés d'API", exact: true }).click();
      await shows(page.getByRole('heading', { name: "Clés d'API", level: 1 }));
      await showsText(page.getByRole('region', { name: "Clés d'API" }), "Aucune clé d'API pour l'instant.");
      await sidebar.getByRole('link', { name: 'Méthodes de connexion', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Méthodes de connexion', level: 1 }));
      // A date in French: "Associé le 23 nov. 2026, 17:30".
      await showsText(page.getByRole('region', { name: 'Comptes associés' }), new RegExp(`Associé le \\d{1,2} ${FRENCH_MONTH} \\d{4}`));
      await sidebar.getByRole('link', { name: 'Profil', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Profil', level: 1 }));

      // A new name: the French toast, the header follows.
      await page.getByRole('region', { name: 'Profil' }).getByRole('button', { name: 'Modifier le profil' }).click();
      const profile = page.getByRole('dialog', { name: 'Modifier le profil' });
      await profile.getByLabel('Nom', { exact: true }).fill('Amélie Poulain');
      await profile.getByRole('button', { name: 'Enregistrer le profil' }).click();
      await showsText(page.locator('.toasts'), 'Profil enregistré');
      await showsText(page.getByRole('banner'), 'Amélie Poulain');
      await stack.shots(page, 'fr-account');

      // Sessions, through the sidebar: this device marked, the other revoked at once, with a French toast.
      await sidebar.getByRole('link', { name: 'Sessions', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Sessions', level: 1 }));
      await showsText(page.getByRole('main'), 'Cet appareil');
      await showsText(page.getByRole('main'), new RegExp(`Connecté le \\d{1,2} ${FRENCH_MONTH} \\d{4}`));
      const revoke = page.getByRole('button', { name: 'Révoquer', exact: true });
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(1);
      // Revoking acts at once (signing in again undoes it); a French toast says it was done.
      await revoke.click();
      await showsText(page.locator('.toasts'), 'Session révoquée');
      await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(0);
      await showsText(page.getByRole('main'), 'Seul cet appareil est connecté.');
      await stack.shots(page, 'fr-sessions');

      // The sign-up's session really ended: one session left on the server.
      const sessions = await page.evaluate(async () => (await (await fetch('/api/auth/list-sessions')).json()) as unknown[]);
      expect(sessions).toHaveLength(1);
      expect(stack.pageErrors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );

  for (const locale of ['de-DE', 'es-ES']) {
    it(
      `in ${locale} the header, the sidebar and the pages fit a phone's width`,
      async () => {
        const email = uniqueEmail(`wide-${locale}`);
        await apiSignUp(stack, { name: 'Maximiliane Mustermann-Schmidt', email, password: 'quiet-meadow-4821' });
        const context = await stack.browser.newContext({ locale, viewport: { width: 390, height: 844 }, colorScheme: 'light' });
        context.setDefaultTimeout(10_000);
        const page = await context.newPage();
        await page.goto(`${stack.url}/`);
        await apiSignInInPage(page, email, 'quiet-meadow-4821');
        for (const path of [
          '/account',
          '/account/security',
          '/sessions',
          '/two-factor',
          '/account/sign-in-methods',
          '/account/api-keys',
          '/account/danger-zone',
        ]) {
          await page.goto(`${stack.url}${path}`);
          await shows(page.getByRole('heading', { level: 1 }));
          await shows(page.getByRole('navigation', { name: locale === 'de-DE' ? 'Kontoeinstellungen' : 'Ajustes de la cuenta' }));
          // Nothing wider than the screen: the sidebar is one select, long words wrap.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await stack.shot(page, `${locale}${path.replaceAll('/', '-')}-390`);
        }
        await context.close();
      },
      JOURNEY_TIMEOUT,
    );
  }

  it('screenshots: account, sessions, two-factor and the header menu, light and dark, phone and desktop', async () => {
    const email = uniqueEmail('grace');
    await apiSignUp(stack, { name: 'Grace Hopper', email, password: 'quiet-meadow-4821' });
    const page = await stack.page({ width: 1280, height: 800 });
    await signInOnPage(stack, page, email, 'quiet-meadow-4821');
    await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${stack.url}/account`);
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await stack.shots(page, `${scheme}-account`);
      const sidebar = page.getByRole('navigation', { name: 'Account settings' });
      await sidebar.getByRole('link', { name: 'Security' }).click();
      await showsText(page.getByRole('region', { name: 'Passkeys' }), 'No passkeys yet.');
      await stack.shots(page, `${scheme}-security`);
      await sidebar.getByRole('link', { name: 'Sign-in methods' }).click();
      await showsText(page.getByRole('region', { name: 'Linked accounts' }), 'Email and password');
      await stack.shots(page, `${scheme}-sign-in-methods`);

      // The danger zone's dialog, reached from the sidebar.
      await sidebar.getByRole('link', { name: 'Danger zone' }).click();
      await page.getByRole('button', { name: 'Delete account' }).click();
      await shows(page.getByRole('dialog', { name: 'Delete your account?' }));
      await stack.shots(page, `${scheme}-delete-dialog`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await absent(page.getByRole('dialog'));

      await page.getByRole('link', { name: 'Sessions' }).click();
      await shows(page.getByRole('heading', { name: 'Sessions', level: 1 }));
      await showsText(page.getByRole('main'), 'This device');
      await stack.shots(page, `${scheme}-sessions`);

      await page.getByRole('link', { name: 'Two-factor' }).click();
      await shows(page.getByRole('heading', { name: 'Two-factor', level: 1 }));
      await showsText(page.getByRole('region', { name: 'Authenticator app' }), /Status\s+Off/);
      await stack.shots(page, `${scheme}-two-factor`);
      // The setup step: the QR code, the secret and the URI to copy, the code to confirm.
      await page.getByRole('button', { name: 'Enable two-factor' }).click();
      await page.getByLabel('Password', { exact: true }).fill('quiet-meadow-4821');
      await page.getByRole('button', { name: 'Enable two-factor' }).click();
      await shows(page.getByRole('dialog', { name: 'Set up your authenticator app' }).getByRole('img', { name: 'QR code' }));
      await stack.shots(page, `${scheme}-two-factor-setup`);
      // Cancelled, the setup leaves two-factor off.
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await absent(page.getByRole('dialog'));
      await showsText(page.getByRole('region', { name: 'Authenticator app' }), /Status\s+Off/);

      // The header's account menu, open (the multi-session plugin is on).
      await page.getByRole('banner').getByRole('button', { name: 'Grace Hopper', exact: true }).click();
      await shows(page.getByRole('region', { name: 'Accounts in this browser' }));
      await showsText(page.getByRole('region', { name: 'Accounts in this browser' }), email);
      await stack.shots(page, `${scheme}-header-menu`);
      await page.keyboard.press('Escape');
    }
    expect(stack.pageErrors).toEqual([]);
  }, 120_000);
});
