import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The device authorization grant (RFC 8628) from a terminal to a phone: a CLI client (openid-client)
 * asks for a device code and polls the token endpoint while Chromium, at a phone's width, opens the
 * verification URI signed out, signs in, is refused a wrong code under the field, enters the right
 * one, consents and sees the done screen; the poller then holds the person's tokens. Then the admin
 * pages of the same provider: APIs (resource servers) and an application's settings.
 */
let stack: Stack;

describeBrowser("the device flow and the provider's admin pages, in Chromium", () => {
  beforeAll(async () => {
    stack = await startStack('device-flow', { oidcProvider: { enabled: true, deviceFlow: true, devicePollInterval: 1, dynamicRegistration: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'a terminal polls while the phone signs in, is refused a wrong code, enters the right one and consents',
    async () => {
      const email = uniqueEmail('devon');
      const made = await stack.cli(['create-user', '--role', 'admin', '--email', email, '--password', 'device-password-1', '--name', 'Devon Device']);
      expect(made.code, made.out).toBe(0);
      const registered = await stack.cli(['oauth-client', 'create', '--name', 'Terminal', '--device-flow']);
      expect(registered.code, registered.out).toBe(0);
      const { client_id, client_secret } = JSON.parse(registered.out.slice(registered.out.indexOf('{'))) as { client_id: string; client_secret: string };

      // The terminal's side.
      const terminal = await client.discovery(new URL(`${stack.url}/api/auth`), client_id, undefined, client.ClientSecretBasic(client_secret), {
        execute: [client.allowInsecureRequests],
      });
      const device = await client.initiateDeviceAuthorization(terminal, { scope: 'openid email' });
      expect(device.verification_uri).toBe(`${stack.url}/device`);
      const polling = client.pollDeviceAuthorizationGrant(terminal, device);

      // The phone's side: signed out at /device → sign in → back at /device.
      const phone = await stack.page({ width: 390, height: 844 });
      await phone.goto(device.verification_uri);
      await phone.waitForURL((url) => url.pathname === '/sign-in');
      await phone.getByLabel('Email').fill(email);
      await phone.getByLabel('Password', { exact: true }).fill('device-password-1');
      await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
      await phone.waitForURL((url) => url.pathname === '/device');
      await shows(phone.getByRole('heading', { name: 'Connect a device' }));
      await stack.shots(phone, 'device-entry');

      // A wrong code: refused under the field, in plain words.
      const code = phone.getByLabel('Code');
      await code.fill('BCDF-GHJK');
      await phone.getByRole('button', { name: 'Continue' }).click();
      await showsText(phone.locator('.field-error'), 'This code is not valid. Check the code shown on your device and enter it again');
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      await stack.shots(phone, 'device-wrong-code');

      // The right one (typed in lower case): the consent page names the terminal, then the done screen.
      await code.fill(device.user_code.toLowerCase());
      await phone.getByRole('button', { name: 'Continue' }).click();
      await phone.waitForURL((url) => url.pathname === '/oauth/consent');
      await shows(phone.getByRole('heading', { name: 'Terminal wants to use your account' }));
      await stack.shots(phone, 'device-consent');
      await phone.getByRole('button', { name: 'Allow' }).click();
      await phone.waitForURL((url) => url.pathname === '/device' && url.searchParams.get('done') === '1');
      await shows(phone.getByRole('heading', { name: 'Your device is connected' }));
      await showsText(phone.getByRole('status'), 'Terminal is signed in. You can close this page and go back to your device.');
      await stack.shots(phone, 'device-done');

      const tokens = await polling;
      const info = await client.fetchUserInfo(terminal, tokens.access_token, tokens.claims()!.sub);
      expect(info.email).toBe(email);

      // The same code again: already used.
      await phone.goto(`${stack.url}/device`);
      await phone.getByLabel('Code').fill(device.user_code);
      await phone.getByRole('button', { name: 'Continue' }).click();
      await showsText(phone.locator('.field-error'), 'This code was already used');

      // Admin → APIs: add one in the dialog (a bad identifier refused under its field), then let the terminal use it.
      const admin = phone;
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.goto(`${stack.url}/admin/apis`);
      await shows(admin.getByRole('heading', { name: 'APIs', level: 1 }));
      await admin.getByRole('button', { name: 'Add an API' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add an API' });
      await dialog.getByLabel('Identifier (audience)').fill('notes-api');
      await dialog.getByLabel('Name').fill('Notes API');
      await dialog.getByLabel('Scopes').fill('read:notes write:notes');
      await dialog.getByRole('button', { name: 'Add API' }).click();
      await showsText(dialog.locator('.field-error'), 'The identifier must be an absolute URI');
      await stack.shots(admin, 'apis-dialog-error');
      await dialog.getByLabel('Identifier (audience)').fill('https://notes.example/api');
      await dialog.getByRole('button', { name: 'Add API' }).click();
      await showsText(admin.getByRole('list'), 'https://notes.example/api');
      await showsText(admin.getByRole('list'), 'read:notes write:notes');
      await stack.shots(admin, 'apis');
      // Edit in a dialog (the identifier stays), and a delete asks first (kept here: the terminal uses the API below).
      await admin.getByRole('button', { name: 'Edit Notes API' }).click();
      const edit = admin.getByRole('dialog', { name: 'Edit Notes API' });
      await edit.getByLabel('Scopes').fill('read:notes write:notes admin:notes');
      await stack.shots(admin, 'apis-edit');
      await edit.getByRole('button', { name: 'Save' }).click();
      await showsText(admin.getByRole('list'), 'read:notes write:notes admin:notes');
      await admin.getByRole('button', { name: 'Delete Notes API' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Delete Notes API?' });
      await showsText(confirm, 'Applications can no longer get tokens for it');
      await stack.shots(admin, 'apis-delete');
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      await admin.goto(`${stack.url}/admin/applications`);
      await admin.getByRole('button', { name: 'Settings of Terminal' }).click();
      const settings = admin.getByRole('dialog', { name: 'Settings of Terminal' });
      expect(await settings.getByLabel('Device sign-in (RFC 8628): for command-line tools, TVs and agents').isChecked()).toBe(true);
      await settings.getByLabel('Notes API (https://notes.example/api)').check();
      await settings.getByLabel('Require DPoP-bound tokens (RFC 9449)').check();
      await stack.shots(admin, 'application-settings');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await showsText(admin.getByRole('list'), 'DPoP required');
      await showsText(admin.getByRole('list'), '1 API');

      // The terminal now gets a JWT for the API, bound to its key.
      const DPoP = client.getDPoPHandle(terminal, await client.randomDPoPKeyPair());
      const api = await client.clientCredentialsGrant(terminal, { scope: 'read:notes', resource: 'https://notes.example/api' }, { DPoP });
      expect(api.token_type.toLowerCase()).toBe('dpop');
      expect(api.access_token.split('.')).toHaveLength(3);

      // An initial access token for dynamic registration, shown once.
      await admin.getByRole('button', { name: 'Issue an initial access token' }).click();
      const issued = admin.getByRole('dialog', { name: 'Initial access token' });
      await shows(issued.getByLabel('Initial access token'));
      const initialAccessToken = await issued.getByLabel('Initial access token').inputValue();
      await stack.shots(admin, 'initial-access-token');
      await issued.getByRole('button').last().click();
      // No client registered yet: no list of them.
      expect(await admin.getByRole('heading', { name: 'Registered clients' }).count()).toBe(0);

      // A developer registers a client with it (RFC 7591); the admin sees it listed and removes it.
      const robot = await client.dynamicClientRegistration(
        new URL(`${stack.url}/api/auth`),
        {
          client_name: 'Robot CLI',
          redirect_uris: [],
          grant_types: ['client_credentials'],
          response_types: [],
          token_endpoint_auth_method: 'client_secret_basic',
        },
        undefined,
        { initialAccessToken, execute: [client.allowInsecureRequests] },
      );
      expect((await client.clientCredentialsGrant(robot, {})).access_token).toBeTruthy();
      await admin.reload();
      await shows(admin.getByRole('heading', { name: 'Registered clients' }));
      const item = admin.getByRole('listitem').filter({ hasText: 'Robot CLI' });
      await showsText(item, robot.clientMetadata().client_id);
      await showsText(item, 'machine client');
      await stack.shots(admin, 'applications');
      await item.getByRole('button', { name: 'Remove Robot CLI' }).click();
      const asked = admin.getByRole('dialog', { name: 'Remove Robot CLI?' });
      await showsText(asked, 'It can no longer get tokens, and the tokens it holds stop working.');
      await stack.shots(admin, 'applications-remove-client');
      await asked.getByRole('button', { name: 'Remove client' }).click();
      await showsText(admin.getByRole('status'), 'Robot CLI was removed.');
      await expect.poll(() => admin.getByRole('heading', { name: 'Registered clients' }).count()).toBe(0);
      await expect(client.clientCredentialsGrant(robot, {})).rejects.toMatchObject({ error: 'invalid_client' });
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 2,
  );
});
