import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTxtServer, TestIdp } from '../../packages/core/src/plugins/sso/test-kit.js';
import { type OpenIdProvider, startOpenIdProvider } from '../kit/openid-provider.js';
import { apiSignUp, describeBrowser, freePort, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Waits until the page is at a URL `where` accepts, whatever navigations were aborted on the way (a redirect
 * that replaces a navigation in flight makes `waitForURL` throw `net::ERR_ABORTED` on a loaded machine).
 */
async function arrives(page: Page, where: (url: URL) => boolean): Promise<void> {
  await expect.poll(() => where(new URL(page.url())), { timeout: 20_000 }).toBe(true);
  await page.waitForLoadState('domcontentloaded').catch(() => undefined);
}

/**
 * Enterprise SSO's second round in Chromium (issue 38): a SAML connection filled from the IdP's
 * metadata XML, "Require single sign-on" once the domain is verified, the main sign-in form's
 * email-first "Continue with SSO" and a refused password; then an OpenID Connect connection to the
 * test OpenID provider with role rules, signed in through the provider's own login page.
 *
 * The domain is verified through DNS: the server's `domainVerification.nameservers` names a TXT
 * server on loopback (test-kit's startTxtServer) where the journey publishes the record it copied.
 */
const DOMAIN = 'initech.example';

/** Creates an organization on the Organizations page and opens its Single sign-on page. */
async function organizationWithSso(stack: Stack, page: Page, name: string): Promise<void> {
  await page.goto(`${stack.url}/organizations`);
  const create = page.getByRole('region', { name: 'Create organization' });
  await create.getByLabel('Name').fill(name);
  await showsText(create, 'This slug is available.');
  await create.getByRole('button', { name: 'Create organization' }).click();
  await showsText(create.getByRole('status'), `Organization ${name} was created and is now active.`);
  await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Single sign-on' }).click();
  await shows(page.getByRole('heading', { name: 'Single sign-on', level: 1 }));
}

describeBrowser('enterprise SSO: metadata, require SSO, email-first (SAML) in Chromium', () => {
  let stack: Stack;
  let dns: Awaited<ReturnType<typeof startTxtServer>>;
  const idp = new TestIdp();
  beforeAll(async () => {
    dns = await startTxtServer();
    stack = await startStack('sso-require', { organization: { enabled: true }, sso: { enabled: true, domainVerification: { nameservers: [dns.address] } } });
  });
  afterAll(async () => {
    await stack?.close();
    await dns?.close();
  });

  /** The IdP's sign-in page in this context: a signed answer for `email`, auto-posted to the ACS. */
  async function serveIdp(context: BrowserContext, providerId: string, email: string) {
    const acs = `${stack.url}/api/auth/sso/saml2/sp/acs/${providerId}`;
    const audience = `${stack.url}/api/auth/sso/saml2/sp/metadata?providerId=${providerId}`;
    await context.route(`${idp.entryPoint}**`, async (route) => {
      const request = TestIdp.authnRequest(route.request().url());
      const answer = idp.response({ inResponseTo: request.id, acs, audience, nameID: email, attributes: { email, displayName: 'Quinn Person' } });
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><form method="post" action="${esc(acs)}"><input type="hidden" name="SAMLResponse" value="${esc(answer)}"><input type="hidden" name="RelayState" value="${esc(request.relayState)}"></form><script>document.forms[0].submit()</script>`,
      });
    });
  }

  it(
    'connects from metadata XML, requires SSO once the domain is verified; the sign-in form offers SSO and refuses the password',
    async () => {
      const ownerEmail = uniqueEmail('sso-req-owner');
      await apiSignUp(stack, { name: 'Olga Owner', email: ownerEmail, password: 'sso-owner-password-1' });
      // Bob had a password account at the domain before SSO was required.
      const bob = `bob-${Date.now().toString(36)}@${DOMAIN}`;
      await apiSignUp(stack, { name: 'Bob Before', email: bob, password: 'bob-password-123' });
      const page = await stack.page({ width: 1280 });
      await signInOnPage(stack, page, ownerEmail, 'sso-owner-password-1');
      await organizationWithSso(stack, page, 'Initech Required');

      // Metadata that is not an IdP's: said under the field.
      const connect = page.getByRole('region', { name: 'Connect an identity provider' });
      const source = connect.getByLabel('IdP metadata (URL or XML)');
      await source.fill('<html><body>login</body></html>');
      await connect.getByRole('button', { name: 'Fill from metadata' }).click();
      await expect.poll(() => source.getAttribute('aria-invalid')).toBe('true');
      await showsText(connect.locator('.field.invalid .field-error'), /not SAML 2\.0 metadata of an identity provider/);
      await stack.shots(page, 'metadata-refused');

      await source.fill(idp.metadata());
      await connect.getByRole('button', { name: 'Fill from metadata' }).click();
      await showsText(connect, `Filled from the metadata of ${idp.entityID}.`);
      expect(await connect.getByLabel('IdP sign-in URL').inputValue()).toBe(idp.entryPoint);
      expect(await connect.getByLabel('IdP entity ID').inputValue()).toBe(idp.entityID);
      expect(await connect.getByLabel('IdP signing certificate (PEM)').inputValue()).toContain('BEGIN CERTIFICATE');
      await connect.getByLabel('Connection ID').fill('initech');
      await connect.getByLabel('Domain').fill(DOMAIN);
      await stack.shots(page, 'metadata-filled');
      await connect.getByRole('button', { name: 'Connect' }).click();
      const connections = page.getByRole('region', { name: 'Connections' });
      await shows(connections.getByRole('heading', { name: 'initech', level: 3 }));

      // Test connection: the IdP's answer in a new window, what it sent shown there, nobody signed in.
      await serveIdp(page.context(), 'initech', `tess@${DOMAIN}`);
      const [testWindow] = await Promise.all([
        page.context().waitForEvent('page'),
        connections.getByRole('button', { name: 'Test connection initech' }).click(),
      ]);
      await testWindow.waitForURL((url) => url.pathname === '/organizations/single-sign-on' && url.searchParams.has('ssoTest'), { timeout: 10_000 });
      const report = testWindow.getByRole('region', { name: 'Connection test' });
      await showsText(report, "initech works: your identity provider's answer passed every check. Nobody was signed in.");
      await showsText(report, `tess@${DOMAIN}`);
      await showsText(report, 'Quinn Person');
      await showsText(page.getByRole('status').filter({ hasText: 'new window' }), 'The test runs in a new window');
      await testWindow.setViewportSize({ width: 1280, height: 800 });
      await stack.shots(testWindow, 'test-connection');
      // Nobody signed in: the test window has no session of tess's (it is the owner's own browser context).
      const who = await testWindow.evaluate(async () => (await (await fetch('/api/auth/get-session')).json())?.user?.email as string | undefined);
      expect(who).not.toBe(`tess@${DOMAIN}`);
      await testWindow.close();

      // Not verified yet: the TXT record to publish, and Require single sign-on waits.
      await shows(connections.getByRole('button', { name: 'Verify domain' }));
      const require = connections.getByLabel(`Require single sign-on for ${DOMAIN}`);
      expect(await require.isDisabled()).toBe(true);
      await showsText(connections, 'Verify the domain first: only a verified domain can require single sign-on.');
      await stack.shots(page, 'require-waits');

      // Verify before the record is published: said in plain words; then published in DNS, verified.
      await connections.getByRole('button', { name: 'Verify domain' }).click();
      await showsText(connections, `The TXT record was not found on ${DOMAIN}.`);
      const recordName = await connections.getByLabel('TXT record name').inputValue();
      const recordValue = await connections.getByLabel('TXT record value').inputValue();
      expect(recordName).toBe(`_better-auth-token-initech.${DOMAIN}`);
      dns.records.set(recordName, [recordValue]);
      await connections.getByRole('button', { name: 'Verify domain' }).click();
      await showsText(page.getByRole('status').filter({ hasText: 'is verified' }), `${DOMAIN} is verified.`);
      await showsText(connections, `SAML 2.0 · ${DOMAIN} · Domain verified`);
      expect(await require.isDisabled()).toBe(false);
      await require.click();
      await showsText(page.getByRole('status').filter({ hasText: 'required' }), `Single sign-on is now required for ${DOMAIN}.`);
      await expect.poll(() => require.isChecked()).toBe(true);
      await stack.shots(page, 'require-on');

      // Bob's password is refused in the organization's words, with the way in beside it.
      const person = await stack.page({ width: 1280 });
      await person.goto(`${stack.url}/sign-in`);
      await person.getByLabel('Email').fill(bob);
      await showsText(person.locator('.sso-suggestion'), 'Your organization signs you in with single sign-on.');
      await stack.shots(person, 'email-first-required');
      await person.getByLabel('Password', { exact: true }).fill('bob-password-123');
      await person.getByRole('button', { name: 'Sign in', exact: true }).click();
      await showsText(person.getByRole('alert'), 'Your organization signs you in with single sign-on');
      await shows(person.getByRole('button', { name: 'Continue with SSO' }));
      await stack.shots(person, 'password-refused');

      // A new person of the domain continues with SSO from the same form.
      const quinn = `quinn-${Date.now().toString(36)}@${DOMAIN}`;
      const other = await stack.page({ width: 390 });
      await serveIdp(other.context(), 'initech', quinn);
      await other.goto(`${stack.url}/sign-in`);
      await other.getByLabel('Email').fill(quinn);
      await other.getByRole('button', { name: 'Continue with SSO' }).click();
      await expect.poll(() => other.url(), { timeout: 10_000 }).toBe(`${stack.url}/account`);
      await shows(other.getByRole('button', { name: 'Sign out' }));

      // An address of another domain is offered nothing.
      const third = await stack.page({ width: 1280 });
      await third.goto(`${stack.url}/sign-in`);
      await third.getByLabel('Email').fill('someone@elsewhere.example');
      await third.waitForTimeout(700);
      expect(await third.locator('.sso-suggestion').count()).toBe(0);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});

describe('enterprise SSO: an OpenID Connect connection with role rules in Chromium', () => {
  let stack: Stack;
  let op: OpenIdProvider;
  describeBrowser('OIDC', () => {
    beforeAll(async () => {
      const port = await freePort();
      op = await startOpenIdProvider({
        redirectURI: `http://localhost:${port}/api/auth/sso/callback/globex`,
        accounts: { gina: { sub: 'gina', email: 'gina@globex.example', email_verified: true, name: 'Gina Globex', groups: ['it-admins'] } },
      });
      stack = await startStack(
        'sso-oidc',
        { organization: { enabled: true }, sso: { enabled: true, domainVerification: { enabled: false } }, trustedOrigins: [op.issuer] },
        port,
      );
    });
    afterAll(async () => {
      await stack?.close();
      await op?.close();
    });

    it(
      'owner connects the OpenID provider with a role rule; a person continues with SSO from the sign-in form, logs in at the provider and joins as admin',
      async () => {
        const ownerEmail = uniqueEmail('sso-oidc-owner');
        await apiSignUp(stack, { name: 'Oscar Owner', email: ownerEmail, password: 'sso-owner-password-1' });
        const page = await stack.page({ width: 1280 });
        await signInOnPage(stack, page, ownerEmail, 'sso-owner-password-1');
        await organizationWithSso(stack, page, 'Globex OIDC');
        const connect = page.getByRole('region', { name: 'Connect an identity provider' });
        await connect.getByLabel('Protocol').selectOption('oidc');
        await connect.getByLabel('Connection ID').fill('globex');
        await connect.getByLabel('Domain').fill('globex.example');
        await connect.getByLabel('Issuer').fill(op.issuer);
        await connect.getByLabel('Client ID').fill(op.clientId);
        await connect.getByLabel('Client secret').fill(op.clientSecret);
        await connect.getByLabel('Role attribute or claim').fill('groups');
        // A line that is not "group = role": said under Role rules, nothing sent.
        const rules = connect.getByLabel('Role rules');
        await rules.fill('it-admins admin');
        await connect.getByRole('button', { name: 'Connect' }).click();
        await expect.poll(() => rules.getAttribute('aria-invalid')).toBe('true');
        await showsText(connect, 'Write each line as group = role, and name the attribute above.');
        await stack.shots(page, 'role-rules-refused');
        await rules.fill('it-admins = admin');
        await connect.getByRole('button', { name: 'Connect' }).click();
        const connections = page.getByRole('region', { name: 'Connections' });
        await shows(connections.getByRole('heading', { name: 'globex', level: 3 }));
        await showsText(connections, 'Roles from groups: it-admins → admin');
        await stack.shots(page, 'oidc-connected');

        const person = await stack.page({ width: 1280 });
        await person.goto(`${stack.url}/sign-in`);
        await person.getByLabel('Email').fill('gina@globex.example');
        await showsText(person.locator('.sso-suggestion'), 'Your organization signs in with single sign-on.');
        await stack.shots(person, 'email-first-available');
        await person.getByRole('button', { name: 'Continue with SSO' }).click();
        await arrives(person, (url) => url.origin === op.issuer && url.pathname.startsWith('/interaction/'));
        await person.getByLabel('Username').fill('gina');
        await person.getByRole('button', { name: 'Continue' }).click();
        await arrives(person, (url) => url.origin === stack.url && url.pathname === '/account');
        await shows(person.getByRole('button', { name: 'Sign out' }));

        const organizationId = await page.evaluate(async () => (await (await fetch('/api/auth/organization/get-full-organization')).json()).id as string);
        const members = await page.evaluate(
          async (id) =>
            (await (await fetch(`/api/auth/organization/list-members?organizationId=${id}`)).json()).members as { role: string; user: { email: string } }[],
          organizationId,
        );
        expect(members.find((m) => m.user.email === 'gina@globex.example')?.role).toBe('admin');
        expect(stack.pageErrors).toEqual([]);
      },
      JOURNEY_TIMEOUT,
    );
  });
});
