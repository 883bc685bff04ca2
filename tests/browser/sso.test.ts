import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestIdp } from '../../packages/core/src/plugins/sso/test-kit.js';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Enterprise SSO in the app, with `sso` on (domain verification off: the journey's server cannot
 * be given a DNS resolver). An owner creates an organization and connects the test SAML identity
 * provider on its Single sign-on page; a person of its domain signs in on the sign-in page by
 * typing their work email, goes to the IdP, comes back signed in and a member. The IdP is a page
 * the browser context serves itself at its sign-in URL: it reads the AuthnRequest, signs an answer
 * with the test kit (xml-crypto) and posts it to the ACS, as an IdP's page does. A tampered answer
 * is refused in plain words on the sign-in page.
 */
let stack: Stack;
const idp = new TestIdp();
const DOMAIN = 'initech.example';
const PROVIDER = 'initech';
const IDP_SLO = 'https://idp.test.example/slo';

/** The IdP's sign-in page in this context: it answers the AuthnRequest with a signed (or bent) response, auto-posted to the ACS. */
async function serveIdp(context: BrowserContext, answer: (request: { id: string; relayState: string }) => string) {
  const acs = `${stack.url}/api/auth/sso/saml2/sp/acs/${PROVIDER}`;
  await context.route(`${idp.entryPoint}**`, async (route) => {
    const request = TestIdp.authnRequest(route.request().url());
    const SAMLResponse = answer(request);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body:
        `<!doctype html><title>Test IdP</title><form method="post" action="${esc(acs)}">` +
        `<input type="hidden" name="SAMLResponse" value="${esc(SAMLResponse)}"><input type="hidden" name="RelayState" value="${esc(request.relayState)}">` +
        `</form><script>document.forms[0].submit()</script>`,
    });
  });
}

describeBrowser('enterprise SSO journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('sso', { organization: { enabled: true }, sso: { enabled: true, domainVerification: { enabled: false } } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'owner connects a SAML IdP → a person signs in with their work email and joins; a tampered answer is refused',
    async () => {
      const ownerEmail = uniqueEmail('sso-owner');
      await apiSignUp(stack, { name: 'Olga Owner', email: ownerEmail, password: 'sso-owner-password-1' });
      const page = await stack.page({ width: 1280 });
      await signInOnPage(stack, page, ownerEmail, 'sso-owner-password-1');

      await page.goto(`${stack.url}/organizations`);
      const create = page.getByRole('region', { name: 'Create organization' });
      await create.getByLabel('Name').fill('Initech SSO');
      await showsText(create, 'This slug is available.');
      await create.getByRole('button', { name: 'Create organization' }).click();
      await showsText(create.getByRole('status'), 'Organization Initech SSO was created and is now active.');

      await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Single sign-on' }).click();
      await shows(page.getByRole('heading', { name: 'Single sign-on', level: 1 }));
      const connections = page.getByRole('region', { name: 'Connections' });
      await showsText(connections, 'No connection yet.');

      // A certificate that is not one: said under its field.
      const connect = page.getByRole('region', { name: 'Connect an identity provider' });
      await connect.getByLabel('Connection ID').fill(PROVIDER);
      await connect.getByLabel('Domain').fill(`old-${DOMAIN}`);
      await connect.getByLabel('IdP sign-in URL').fill(idp.entryPoint);
      await connect.getByLabel('IdP entity ID').fill(idp.entityID);
      await connect.getByLabel('IdP signing certificate (PEM)').fill('not a certificate');
      await connect.getByRole('button', { name: 'Connect' }).click();
      const cert = connect.getByLabel('IdP signing certificate (PEM)');
      await expect.poll(() => cert.getAttribute('aria-invalid')).toBe('true');
      await showsText(connect.locator('.field.invalid .field-error'), /certificate/i);
      await stack.shot(page, 'certificate-refused');

      await cert.fill(idp.key.cert);
      await connect.getByRole('button', { name: 'Connect' }).click();
      await showsText(page.getByRole('status').filter({ hasText: 'added' }), `Connection ${PROVIDER} added.`);
      await shows(connections.getByRole('heading', { name: PROVIDER, level: 3 }));
      // What to copy into the IdP.
      const spEntityId = `${stack.url}/api/auth/sso/saml2/sp/metadata?providerId=${PROVIDER}`;
      await expect.poll(() => connections.getByLabel('SP entity ID').inputValue()).toBe(spEntityId);
      expect(await connections.getByLabel('ACS (reply) URL').inputValue()).toBe(`${stack.url}/api/auth/sso/saml2/sp/acs/${PROVIDER}`);
      expect(await connections.getByLabel('SP metadata URL').inputValue()).toBe(spEntityId);
      const sloURL = `${stack.url}/api/auth/sso/saml2/sp/slo/${PROVIDER}`;
      expect(await connections.getByLabel('Single logout (SLO) URL').inputValue()).toBe(sloURL);
      await showsText(connections, 'The identity provider has no single logout URL');
      const metadata = await fetch(spEntityId);
      expect(metadata.status).toBe(200);
      expect(await metadata.text()).toContain(`entityID="${spEntityId.replace(/&/g, '&amp;')}"`);
      // Verification is off on this server: no DNS record is asked for.
      await absent(connections.getByRole('button', { name: 'Verify domain' }));

      // Edit: the domain was wrong, and the IdP's single logout URL (what its metadata's SingleLogoutService gives) is added.
      await connections.getByRole('button', { name: `Edit connection ${PROVIDER}` }).click();
      const edit = connections.getByRole('form', { name: `Edit connection ${PROVIDER}` });
      await edit.getByLabel('Domain').fill(DOMAIN);
      await edit.getByLabel('IdP single logout URL (optional)').fill(IDP_SLO);
      await stack.shots(page, 'edit');
      await edit.getByRole('button', { name: 'Save' }).click();
      await showsText(page.getByRole('status').filter({ hasText: 'saved' }), `Connection ${PROVIDER} saved.`);
      await showsText(connections, `SAML 2.0 · ${DOMAIN}`);
      await showsText(connections, `Signing out also signs out at the identity provider (${IDP_SLO}).`);
      await stack.shots(page, 'settings');

      // A person of the domain signs in with their work email.
      const personEmail = `pat-${Date.now().toString(36)}@${DOMAIN}`;
      const person = await stack.page({ width: 1280 });
      await serveIdp(person.context(), (request) =>
        idp.response({
          inResponseTo: request.id,
          acs: `${stack.url}/api/auth/sso/saml2/sp/acs/${PROVIDER}`,
          audience: spEntityId,
          nameID: personEmail,
          attributes: { email: personEmail, displayName: 'Pat Person' },
        }),
      );
      await person.goto(`${stack.url}/sign-in`);
      await shows(person.getByRole('button', { name: 'Sign in with SSO' }));
      await stack.shots(person, 'sign-in-choose');
      await person.getByRole('button', { name: 'Sign in with SSO' }).click();
      await shows(person.getByRole('heading', { name: 'Sign in with SSO', level: 1 }));
      // An address no organization connected: said under the field.
      const work = person.getByLabel('Work email');
      await work.fill('someone@nowhere.example');
      await person.getByRole('button', { name: 'Continue with SSO' }).click();
      await expect.poll(() => work.getAttribute('aria-invalid')).toBe('true');
      await showsText(person.locator('.field-error'), 'No organization signs in with single sign-on for this address.');
      await stack.shots(person, 'sign-in-unknown');
      await work.fill(personEmail);
      await stack.shots(person, 'sign-in');
      await person.getByRole('button', { name: 'Continue with SSO' }).click();
      // Through the IdP page (its load is cut short by its own form post) and the ACS: polled, not awaited as one navigation.
      await expect.poll(() => person.url(), { timeout: 10_000 }).toBe(`${stack.url}/account`);
      await shows(person.getByRole('button', { name: 'Sign out' }));
      await person.goto(`${stack.url}/organizations`);
      await showsText(person.getByRole('region', { name: 'Switch organization' }), 'Initech SSO');

      // Single logout: "Sign out" ends the session here, then at the IdP, whose signed answer lands back on the app.
      const logoutRequests: string[] = [];
      await person.context().route(`${IDP_SLO}**`, async (route) => {
        const request = TestIdp.logoutRequest(route.request().url());
        logoutRequests.push(request.xml);
        const answer = idp.redirectQuery('SAMLResponse', idp.logoutResponseXml({ destination: sloURL, inResponseTo: request.id }));
        await route.fulfill({ status: 302, headers: { location: `${sloURL}?${answer}` } });
      });
      await person.getByRole('button', { name: 'Sign out' }).click();
      await expect.poll(() => person.url(), { timeout: 10_000 }).toBe(`${stack.url}/`);
      expect(logoutRequests.length).toBeGreaterThan(0);
      for (const xml of logoutRequests) expect(xml).toContain(`>${personEmail}</saml:NameID>`);
      await absent(person.getByRole('button', { name: 'Sign out' }));
      const after = await person.request.get(`${stack.url}/api/auth/get-session`);
      expect(await after.json()).toBeNull();

      // A tampered answer (the address changed after signing): refused, said in plain words.
      const other = await stack.page({ width: 1280 });
      const otherEmail = `quinn-${Date.now().toString(36)}@${DOMAIN}`;
      await serveIdp(other.context(), (request) =>
        idp.response({
          inResponseTo: request.id,
          acs: `${stack.url}/api/auth/sso/saml2/sp/acs/${PROVIDER}`,
          audience: spEntityId,
          nameID: otherEmail,
          after: (xml) => xml.replace(otherEmail, personEmail),
        }),
      );
      await other.goto(`${stack.url}/sign-in`);
      await other.getByRole('button', { name: 'Sign in with SSO' }).click();
      await other.getByLabel('Work email').fill(otherEmail);
      await other.getByRole('button', { name: 'Continue with SSO' }).click();
      // Through the IdP page and the ACS, back on the sign-in page with the reason.
      await expect.poll(() => other.url(), { timeout: 10_000 }).toMatch(/\/sign-in\?.*error=/);
      const refusal = other.getByRole('alert').filter({ hasText: 'sign-in service' });
      await showsText(refusal, /Your organization’s sign-in service sent an answer that (was not valid|could not be checked)\./);
      await shows(other.getByRole('heading', { name: 'Sign in with SSO', level: 1 }));
      await absent(other.getByRole('button', { name: 'Sign out' }));
      await stack.shots(other, 'refused');

      // Remove, after a confirmation.
      await page.reload();
      await connections.getByRole('button', { name: `Remove connection ${PROVIDER}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove connection ${PROVIDER}?` });
      await dialog.getByRole('button', { name: 'Remove connection' }).click();
      await showsText(page.getByRole('status').filter({ hasText: 'removed' }), `Connection ${PROVIDER} removed.`);
      await showsText(connections, 'No connection yet.');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
