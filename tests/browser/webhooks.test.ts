import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Receiver, startReceiver, verify } from '../../packages/core/src/plugins/webhooks/test-kit.js';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Webhooks in the admin console: an admin registers an endpoint (a receiver on loopback that
 * checks every signature) with its events, copies the secret shown once, sees a sign-up's
 * delivery succeed, a failing delivery retried until it succeeds, redelivers one, and deletes
 * the endpoint after a confirmation.
 */
let stack: Stack;
let receiver: Receiver;

describeBrowser('webhooks journey in Chromium', () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    // Loopback receivers need allowPrivateNetworks; a short poll and first retry keep the journey quick.
    stack = await startStack('webhooks', { webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0.5, retryDelays: [1, 1, 1] } });
  });
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  it(
    'an admin registers a webhook, a sign-up is delivered signed, a failure is retried, and it is redelivered and deleted',
    async () => {
      const email = uniqueEmail('webhook-admin');
      const made = await stack.cli(['create-user', '--role', 'admin', '--email', email, '--password', 'admin-password-1', '--name', 'Wanda Admin']);
      expect(made.code, made.out).toBe(0);
      const page = await stack.page();
      await signInOnPage(stack, page, email, 'admin-password-1');

      await page.getByRole('link', { name: 'Admin' }).click();
      // The console opens on its Users section; Webhooks is in its navigation.
      await shows(page.getByRole('heading', { name: 'Users', level: 1 }));
      await stack.shots(page, 'admin-page');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
      await shows(page.getByRole('heading', { name: 'Webhooks', level: 1 }));
      await shows(page.getByText('No webhooks yet.'));
      await stack.shots(page, 'empty');

      await page.getByRole('button', { name: 'Add webhook' }).click();
      const form = page.getByRole('region', { name: 'Add webhook' });
      await form.getByLabel('URL').fill(receiver.url);
      expect(await form.getByLabel('user.created').isChecked()).toBe(true);
      await form.getByLabel('user.banned').check();
      await stack.shots(page, 'add');
      await form.getByRole('button', { name: 'Create webhook' }).click();

      await showsText(page.getByRole('status'), `Webhook for ${receiver.url} was added.`);
      const secret = await page.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await stack.shots(page, 'secret-once');
      await page.getByRole('dialog', { name: 'New webhook secret' }).getByRole('button', { name: 'I have saved it' }).click();
      await absent(page.getByLabel('Signing secret'));
      const card = page.getByRole('region', { name: `Webhook ${receiver.url}` });
      await showsText(card, 'Events: user.created, user.banned');

      // A sign-up elsewhere: delivered, signed with the secret the console showed.
      await apiSignUp(stack, { name: 'Newcomer', email: uniqueEmail('newcomer'), password: 'newcomer-password-1' });
      const [first] = await receiver.waitFor(1, 10_000);
      expect(first!.json.type).toBe('user.created');
      expect(first!.json.data.name).toBe('Newcomer');
      expect(verify(secret, first!.headers, first!.body)).toBe(true);

      await card.getByRole('button', { name: 'Deliveries' }).click();
      const rows = card.getByRole('row');
      await showsText(rows.nth(1), /user\.created\s+Succeeded\s+200\s+1/);
      await stack.shots(page, 'delivered');

      // The receiver fails once: the delivery shows the 500, is retried, and succeeds.
      receiver.answer = 500;
      await apiSignUp(stack, { name: 'Second', email: uniqueEmail('second'), password: 'second-password-1' });
      await receiver.waitFor(2, 10_000);
      receiver.answer = 200;
      await card.getByRole('button', { name: 'Refresh' }).click();
      await showsText(rows.nth(1), /Succeeded\s+200\s+2/);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[2]!.headers['webhook-id']);
      expect(receiver.received.slice(1).every((r) => verify(secret, r.headers, r.body))).toBe(true);

      // Redeliver the first sign-up's delivery: the same message again, shown as a new row.
      await card
        .getByRole('button', { name: /^Redeliver/ })
        .last()
        .click();
      await receiver.waitFor(4, 10_000);
      expect(receiver.received[3]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      await expect.poll(async () => (await rows.allInnerTexts()).filter((t) => /Succeeded/.test(t)).length, { timeout: 10_000 }).toBe(3);
      await stack.shots(page, 'redelivered');

      await card.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await showsText(confirm, `The webhook for ${receiver.url} and its delivery log are deleted.`);
      await stack.shots(page, 'confirm-delete');
      await confirm.getByRole('button', { name: 'Yes, delete webhook' }).click();
      await showsText(page.getByRole('status'), `The webhook for ${receiver.url} was deleted.`);
      await shows(page.getByText('No webhooks yet.'));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it('a user who is not an admin is told the page is not for them', async () => {
    const email = uniqueEmail('plain');
    await apiSignUp(stack, { name: 'Plain User', email, password: 'plain-password-1' });
    const page = await stack.page();
    await signInOnPage(stack, page, email, 'plain-password-1');
    await page.goto(`${stack.url}/admin/webhooks`);
    await showsText(page.getByRole('alert'), 'Only admins can access this page.');
  });
});
