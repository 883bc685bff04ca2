import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Gatehouse as an OpenID provider for two apps, each registered with one CLI command: a real
 * relying party (openid-client) discovers it on loopback; Chromium signs in on Gatehouse's
 * page, consents, and lands on the app's callback; the app exchanges the code, checks the ID
 * token, reads userinfo and refreshes; a second, first-party app gets single sign-on; then
 * RP-initiated logout.
 */
let stack: Stack;
let app: Server;
let appURL: string;

interface Registered {
  client_id: string;
  client_secret?: string;
}

async function register(name: string, ...extra: string[]): Promise<Registered> {
  const r = await stack.cli([
    'oauth-client',
    'create',
    '--name',
    name,
    '--redirect-uri',
    `${appURL}/callback`,
    '--post-logout-redirect-uri',
    `${appURL}/signed-out`,
    ...extra,
  ]);
  expect(r.code, r.out).toBe(0);
  // The output is stdout and stderr together: on Node 20 oidc-provider warns first (it asks for Node 22).
  return JSON.parse(r.out.slice(r.out.indexOf('{'))) as Registered;
}

async function relyingParty(registered: Registered): Promise<client.Configuration> {
  return client.discovery(new URL(`${stack.url}/api/auth`), registered.client_id, undefined, client.ClientSecretBasic(registered.client_secret!), {
    execute: [client.allowInsecureRequests],
  });
}

describeBrowser('Gatehouse as an OpenID provider, in Chromium', () => {
  beforeAll(async () => {
    // The "application": its callback and signed-out pages just say where the browser is.
    app = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Notes</title><h1>${req.url?.startsWith('/callback') ? 'Back in Notes' : 'Signed out of Notes'}</h1>`);
    });
    await new Promise<void>((ok) => app.listen(0, '127.0.0.1', ok));
    appURL = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    stack = await startStack('oidc-provider', { oidcProvider: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
    await new Promise((ok) => app?.close(ok));
  });

  it(
    'code flow with PKCE through sign-in and consent, ID token, userinfo, refresh, single sign-on, logout',
    async () => {
      const email = uniqueEmail('oidc');
      await apiSignUp(stack, { name: 'Olive Oidc', email, password: 'correct horse battery' });
      const notes = await relyingParty(await register('Notes'));
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const authorize = client.buildAuthorizationUrl(notes, {
        redirect_uri: `${appURL}/callback`,
        scope: 'openid email profile organization offline_access',
        prompt: 'consent',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });

      const page = await stack.page();
      await page.goto(authorize.href);
      // Signed out: Gatehouse's own sign-in page.
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await stack.shot(page, '1-sign-in-for-app');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      // The consent page names the application and what it asks.
      await page.waitForURL((url) => url.pathname === '/oauth/consent');
      await shows(page.getByRole('heading', { name: 'Notes wants to use your account' }));
      // The interstitial frame: the way on, who is signed in with "Not you?", no app navigation.
      await showsText(page.locator('.interstitial-context'), 'Continue to Notes');
      await showsText(page.locator('.account-chip'), 'Olive Oidc');
      await shows(page.getByRole('button', { name: 'Not you? Sign out' }));
      await absent(page.getByRole('navigation', { name: 'Main' }).locator('visible=true'));
      await showsText(page.getByRole('main'), 'See your email address');
      await showsText(page.getByRole('main'), 'Stay connected when you are not using it');
      await showsText(page.getByRole('main'), 'See your active organization and your role in it');
      await stack.shot(page, '2-consent');
      await stack.shots(page, 'consent');
      await page.getByRole('button', { name: 'Allow' }).click();

      // Back at the application with a code.
      await page.waitForURL((url) => url.href.startsWith(`${appURL}/callback`));
      const tokens = await client.authorizationCodeGrant(notes, new URL(page.url()), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      const claims = tokens.claims()!;
      expect(claims.iss).toBe(`${stack.url}/api/auth`);
      const info = await client.fetchUserInfo(notes, tokens.access_token, claims.sub);
      expect(info).toMatchObject({ email, name: 'Olive Oidc' });
      const refreshed = await client.refreshTokenGrant(notes, tokens.refresh_token!);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

      // A second, first-party app in the same browser: no password, no consent page.
      const wiki = await relyingParty(await register('Wiki', '--first-party'));
      const wikiVerifier = client.randomPKCECodeVerifier();
      await page.goto(
        client.buildAuthorizationUrl(wiki, {
          redirect_uri: `${appURL}/callback`,
          scope: 'openid email',
          code_challenge: await client.calculatePKCECodeChallenge(wikiVerifier),
          code_challenge_method: 'S256',
          state: 'wiki',
        }).href,
      );
      await page.waitForURL((url) => url.href.startsWith(`${appURL}/callback`));
      const wikiTokens = await client.authorizationCodeGrant(wiki, new URL(page.url()), { pkceCodeVerifier: wikiVerifier, expectedState: 'wiki' });
      expect(wikiTokens.claims()!.sub).toBe(claims.sub);

      // The account's "Connected apps" lists the app the person consented to.
      await page.goto(`${stack.url}/account/connected-apps`);
      await shows(page.getByRole('heading', { name: 'Connected apps', level: 1 }));
      const connected = page.getByRole('region', { name: 'Connected applications' });
      await showsText(connected, 'Notes');
      await stack.shot(page, '3-connected-apps');
      await stack.shots(page, 'connected-apps');

      // Removing Notes' access revokes its tokens; Wiki (signed in to as well) stays, until removed too.
      await showsText(connected, 'Wiki');
      await connected.getByRole('button', { name: 'Remove access of Notes' }).click();
      await absent(connected.getByText('Notes', { exact: true }));
      await showsText(connected, 'Wiki');
      await expect(client.refreshTokenGrant(notes, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      await connected.getByRole('button', { name: 'Remove access of Wiki' }).click();
      await shows(connected.getByText('No applications yet.'));
      await stack.shot(page, '3b-connected-apps-removed');
      await stack.shots(page, 'connected-apps-removed');

      // RP-initiated logout: Gatehouse asks, then sends the browser back to the app.
      await page.goto(
        client.buildEndSessionUrl(notes, { id_token_hint: refreshed.id_token ?? tokens.id_token!, post_logout_redirect_uri: `${appURL}/signed-out` }).href,
      );
      await shows(page.getByRole('heading', { name: 'Sign out' }));
      await stack.shot(page, '4-sign-out');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${appURL}/signed-out`));

      // An app that is not registered: the person is told so, in words, on Gatehouse's page.
      const unknown = new URL(authorize.href);
      unknown.searchParams.set('client_id', 'not-registered');
      await page.goto(unknown.href);
      await shows(page.getByRole('heading', { name: 'This sign-in cannot continue' }));
      await showsText(page.locator('body'), 'This application is not registered here, or no longer is.');
      await stack.shots(page, 'unknown-application');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'an admin registers an application on the Applications page, rotates its secret and deletes it',
    async () => {
      const email = uniqueEmail('oidc-admin');
      const made = await stack.cli(['create-user', '--email', email, '--password', 'correct horse battery', '--name', 'Ada Admin', '--role', 'admin']);
      expect(made.code, made.out).toBe(0);
      const page = await stack.page();
      await signInOnPage(stack, page, email, 'correct horse battery');
      await page.goto(`${stack.url}/admin/applications`);
      const section = page.getByRole('region', { name: 'Applications' });
      await section.getByLabel('Application name').fill('Billing');
      await section.getByLabel('Redirect URIs').fill(`${appURL}/billing/callback`);
      await section.getByRole('button', { name: 'Register' }).click();
      const secret = section.getByLabel('Client secret (shown once)');
      await shows(secret);
      const first = await secret.inputValue();
      expect(first.length).toBeGreaterThan(30);
      await showsText(section.getByRole('listitem').filter({ hasText: 'Billing' }), `${appURL}/billing/callback`);
      await stack.shot(page, '5-applications');
      await stack.shots(page, 'applications');
      // Shown once, in the secret's dialog: "I have saved it" closes it; a rotated secret opens it again.
      await shows(page.getByRole('dialog', { name: "The application's secret" }));
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByRole('dialog'));
      await section.getByRole('button', { name: 'Rotate the secret of Billing' }).click();
      await expect.poll(() => secret.inputValue()).not.toBe(first);
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await section.getByRole('button', { name: 'Delete Billing' }).click();
      await section.getByRole('button', { name: 'Delete application' }).click();
      await absent(section.getByRole('listitem').filter({ hasText: 'Billing' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
