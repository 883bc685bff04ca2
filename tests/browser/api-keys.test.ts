import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * API keys in Chromium: create a key in the account page (named, with an expiry), copy it from
 * the one time it is shown, use it from outside the browser (fetch with `x-api-key`: the session
 * of its user, and a JWT from GET /token that jose verifies against /jwks), see it listed with its
 * first characters and last use, delete it after a confirmation; then it is refused.
 */
let stack: Stack;

describeBrowser('API keys journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('api-keys', { apiKey: { enabled: true }, jwt: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const withKey = (key: string, path: string) => fetch(`${stack.url}/api/auth${path}`, { headers: { 'x-api-key': key } });

  it(
    'creates a key, shows it once, the key works from fetch, then is deleted and refused',
    async () => {
      const user = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'analytical-engine-1843' };
      await apiSignUp(stack, user);
      const page = await stack.page();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      await signInOnPage(stack, page, user.email, user.password);
      await page.goto(`${stack.url}/account/api-keys`);
      await shows(page.getByRole('heading', { name: 'API keys', level: 1 }));
      const section = page.getByRole('region', { name: 'API keys' });
      await shows(section.getByText('No API keys yet.'));

      // "Create API key" opens a dialog; its own "Create API key" creates it, then the key is shown once.
      await section.getByRole('button', { name: 'Create API key' }).click();
      const form = page.getByRole('dialog', { name: 'New API key' });
      await form.getByLabel('Key name').fill('Deploy script');
      await form.getByLabel('Expires after').selectOption('90 days');
      await form.getByRole('button', { name: 'Create API key' }).click();
      await shows(page.getByRole('dialog', { name: 'API key created' }));
      await showsText(page.getByRole('status'), 'API key "Deploy script" created. Copy it now: it will not be shown again.');
      const key = await page.getByLabel('API key', { exact: true }).inputValue();
      expect(key).toMatch(/^[A-Za-z0-9]{64}$/);
      await page.getByRole('button', { name: 'Copy API key' }).click();
      await shows(page.getByText('Copied.'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await stack.shots(page, 'created');

      // Used from outside the browser, it is the person's.
      const session = await withKey(key, '/get-session');
      expect(session.status).toBe(200);
      expect((await session.json()).user).toMatchObject({ email: user.email, name: 'Ada Lovelace' });
      const { token } = (await (await withKey(key, '/token')).json()) as { token: string };
      const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${stack.url}/api/auth/jwks`)), { issuer: stack.url, audience: stack.url });
      expect(payload).toMatchObject({ email: user.email, name: 'Ada Lovelace' });

      // Shown once: after "I have saved it" and a reload, only its first characters remain, with its last use.
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByRole('dialog'));
      await page.reload();
      const item = section.getByRole('listitem').filter({ hasText: 'Deploy script' });
      await showsText(item, key.slice(0, 6));
      await showsText(item, /Expires .+/);
      await showsText(item, /Last used .+/);
      expect(await page.content()).not.toContain(key);
      await stack.shots(page, 'listed');

      await item.getByRole('button', { name: 'Delete Deploy script' }).click();
      await showsText(item, 'Delete the API key "Deploy script"? Anything using it will stop working at once.');
      await stack.shots(page, 'confirm-delete');
      await item.getByRole('button', { name: 'Delete API key' }).click();
      await shows(section.getByText('No API keys yet.'));
      const refused = await withKey(key, '/get-session');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ code: 'INVALID_API_KEY', message: 'Invalid API key.' });
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
