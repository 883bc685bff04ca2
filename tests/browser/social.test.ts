import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, freePort, shows, showsText, type Stack, startStack } from './kit.js';
import { type OpenIdProvider, startOpenIdProvider } from '../kit/openid-provider.js';

/**
 * "Continue with Google" against a real OpenID provider on loopback (oidc-provider 9), configured
 * as `socialProviders.google` through the endpoint overrides in the server's config module. The
 * browser follows every redirect and fills the provider's login form itself.
 */
let stack: Stack;
let op: OpenIdProvider;

describeBrowser('social sign-in in Chromium', () => {
  beforeAll(async () => {
    const port = await freePort();
    op = await startOpenIdProvider({
      redirectURI: `http://localhost:${port}/api/auth/callback/google`,
      accounts: {
        alice: { sub: 'alice', email: 'alice@oidc.example', email_verified: true, name: 'Alice Oidc' },
        bob: { sub: 'bob', email: 'bob@oidc.example', email_verified: true, name: 'Bob Oidc' },
      },
    });
    stack = await startStack('social', { socialProviders: { google: op.googleOptions() } }, port);
  });
  afterAll(async () => {
    await stack?.close();
    await op?.close();
  });

  it(
    '"Continue with Google" → the provider\'s login → signed in as the provider\'s account',
    async () => {
      const page = await stack.page();
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'Sign in' }).click();
      const google = page.getByRole('button', { name: 'Continue with Google' });
      await shows(google);
      await stack.shot(page, '4-sign-in-with-google-button');
      await google.click();

      // The provider's own page (another origin), reached through its /auth endpoint.
      await page.waitForURL((url) => url.origin === op.issuer && url.pathname.startsWith('/interaction/'));
      await shows(page.getByRole('heading', { name: 'Test OpenID provider' }));
      await page.getByLabel('Username').fill('alice');
      await stack.shot(page, '4-provider-login');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Back in the app, signed in as the provider's account.
      await page.waitForURL((url) => url.origin === stack.url && url.pathname === '/account');
      await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
      await showsText(page.getByRole('banner'), 'Alice Oidc');
      const email = page.getByRole('region', { name: 'Email' });
      await showsText(email, 'alice@oidc.example');
      await shows(email.getByText('Verified', { exact: true }));
      await stack.shot(page, '4-signed-in-as-provider-account');
      // Sign-in methods, through the sidebar: Google listed.
      await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Sign-in methods' }).click();
      await shows(page.getByRole('heading', { name: 'Sign-in methods', level: 1 }));
      await showsText(page.getByRole('region', { name: 'Linked accounts' }), 'Google');

      const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
      expect(session.user).toMatchObject({ email: 'alice@oidc.example', name: 'Alice Oidc', emailVerified: true });
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a Google account unlinked in another browser: unlinking it again says so and the list drops it',
    async () => {
      await apiSignUp(stack, { name: 'Bob Both', email: 'bob@oidc.example', password: 'bob-password-1' });
      const signIn = async () => {
        const page = await stack.page();
        await page.goto(`${stack.url}/sign-in`);
        await page.getByLabel('Email').fill('bob@oidc.example');
        await page.getByLabel('Password', { exact: true }).fill('bob-password-1');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await shows(page.getByRole('heading', { name: 'Profile', level: 1 }));
        return page;
      };
      const first = await signIn();
      await first.goto(`${stack.url}/account/sign-in-methods`);
      const linked = first.getByRole('region', { name: 'Linked accounts' });
      await linked.getByRole('button', { name: 'Link Google' }).click();
      await first.waitForURL((url) => url.origin === op.issuer);
      await first.getByLabel('Username').fill('bob');
      await first.getByRole('button', { name: 'Continue' }).click();
      // Back on the page that linked it.
      await first.waitForURL((url) => url.origin === stack.url && url.pathname === '/account/sign-in-methods');
      await shows(linked.getByRole('button', { name: 'Unlink Google' }));

      const second = await signIn();
      await second.goto(`${stack.url}/account/sign-in-methods`);
      await second.getByRole('region', { name: 'Linked accounts' }).getByRole('button', { name: 'Unlink Google' }).click();
      await shows(second.getByRole('region', { name: 'Linked accounts' }).getByRole('button', { name: 'Link Google' }));

      // The first browser still lists Google; its unlink is refused, and the list follows the server.
      await linked.getByRole('button', { name: 'Unlink Google' }).click();
      await shows(linked.getByRole('alert'));
      await absent(linked.getByRole('button', { name: 'Unlink Google' }));
      await shows(linked.getByRole('button', { name: 'Link Google' }));
      await stack.shot(first, '4-unlinked-elsewhere');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
