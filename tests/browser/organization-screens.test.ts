import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * The Organizations page after each of its actions shows what the server now holds, without a
 * reload: an invitation appears (address, role, expiry, Cancel) and goes when cancelled, an expired
 * one says so; a new role, a removed member, a switched, left or deleted organization show at once.
 */
let stack: Stack;

describeBrowser('the Organizations page follows the server in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('organization-screens');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const signIn = (page: Page, email: string, password: string) => signInOnPage(stack, page, email, password);

  const createOrganization = async (page: Page, name: string) => {
    const create = page.getByRole('region', { name: 'Create organization' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create organization' }).click();
    await showsText(create.getByRole('status'), `Organization ${name} was created and is now active.`);
  };

  it(
    'invite → the pending invitation (address, role, expiry, Cancel) at once → cancel → gone',
    async () => {
      const ownerEmail = uniqueEmail('olga');
      const invitee = uniqueEmail('ivo');
      await apiSignUp(stack, { name: 'Olga Owner', email: ownerEmail, password: 'owner-password-1' });
      const owner = await stack.page({ width: 390, height: 844 });
      await signIn(owner, ownerEmail, 'owner-password-1');
      // On a phone the areas are under the header's "Menu".
      await owner.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await owner.getByRole('link', { name: 'Organizations' }).click();
      await createOrganization(owner, 'Pending Co');

      const org = owner.getByRole('region', { name: 'Pending Co' });
      await showsText(org, 'No pending invitations.');
      await org.getByLabel('Email').fill(invitee);
      await org.getByLabel('Role').selectOption('admin');
      await org.getByRole('button', { name: 'Invite', exact: true }).click();

      const pending = org.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
      await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
      const row = pending.filter({ hasText: invitee });
      await showsText(row, /\bAdmin\b/);
      // The server's expiry (48 hours by default), written as the page writes dates.
      const day = await owner.evaluate(() => new Date(Date.now() + 172_800_000).toLocaleDateString(undefined, { dateStyle: 'medium' }));
      await showsText(row, `expires ${day}`);
      const cancel = row.getByRole('button', { name: `Cancel invitation to ${invitee}` });
      await shows(cancel);
      await absent(org.getByText('No pending invitations.'));
      await stack.shot(owner, 'invited-phone');

      await cancel.click();
      // Asked first: "Keep invitation" leaves it pending, "Cancel invitation" withdraws it.
      const confirm = owner.getByRole('dialog', { name: `Cancel the invitation to ${invitee}?` });
      await confirm.getByRole('button', { name: 'Keep invitation' }).click();
      await absent(owner.getByRole('dialog'));
      await expect.poll(() => pending.count()).toBe(1);
      await cancel.click();
      await confirm.getByRole('button', { name: 'Cancel invitation' }).click();
      await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(0);
      await showsText(owner.getByRole('status'), `The invitation to ${invitee} was cancelled.`);
      await showsText(org, 'No pending invitations.');

      // Three days on (the page's clock), the server still holds the invitation as pending, but it
      // can no longer be accepted: the page says it expired.
      await org.getByLabel('Email').fill(invitee);
      await org.getByRole('button', { name: 'Invite', exact: true }).click();
      await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
      await absent(pending.getByText(/ · expired /));
      await owner.clock.setSystemTime(Date.now() + 3 * 86_400_000);
      await owner.reload();
      await showsText(pending, /^Admin · expired /m);
      await stack.shot(owner, 'invitation-expired-phone');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'change a role, remove a member, switch, leave and delete: each shows the new state at once',
    async () => {
      const ownerEmail = uniqueEmail('oscar');
      const memberEmail = uniqueEmail('mia');
      await apiSignUp(stack, { name: 'Oscar Owner', email: ownerEmail, password: 'owner-password-2' });
      await apiSignUp(stack, { name: 'Mia Member', email: memberEmail, password: 'member-password-2' });
      const owner = await stack.page();
      await signIn(owner, ownerEmail, 'owner-password-2');
      await owner.getByRole('link', { name: 'Organizations' }).click();
      await createOrganization(owner, 'Second Co');
      await createOrganization(owner, 'First Co');

      // Mia accepts an invitation to First Co in her own browser.
      const first = owner.getByRole('region', { name: 'First Co' });
      await first.getByLabel('Email').fill(memberEmail);
      await first.getByRole('button', { name: 'Invite', exact: true }).click();
      const mail = await stack.sink.waitFor(memberEmail, (m) => m.subject === 'Invitation to join First Co', 10_000);
      const link = /https?:\/\/\S+\/accept-invitation\/\S+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      const mia = await stack.page();
      await signIn(mia, memberEmail, 'member-password-2');
      await mia.goto(link!);
      await mia.getByRole('button', { name: 'Accept' }).click();
      await showsText(mia.getByRole('status'), 'You are now a member of First Co');
      await mia.getByRole('link', { name: 'Organizations' }).click();
      await showsText(mia.getByRole('region', { name: 'First Co' }), 'your role: Member');

      // The owner comes back to the tab: the page loads again and shows Mia as a member.
      await expect
        .poll(
          async () => {
            await owner.evaluate(() => window.dispatchEvent(new Event('focus')));
            return first.getByText('Mia Member').count();
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBe(1);
      await showsText(first, 'No pending invitations.');

      // The owner makes Mia an admin; her row says so, and the role form starts from the server's role.
      const miaRow = first.getByRole('listitem').filter({ hasText: memberEmail });
      await miaRow.getByRole('button', { name: 'Change role' }).click();
      await miaRow.getByLabel('New role for Mia Member').selectOption('admin');
      await miaRow.getByRole('button', { name: 'Save role' }).click();
      await showsText(miaRow.locator('.role'), /^Admin$/);
      await miaRow.getByRole('button', { name: 'Change role' }).click();
      expect(await miaRow.getByLabel('New role for Mia Member').inputValue()).toBe('admin');
      await miaRow.getByRole('button', { name: 'Cancel', exact: true }).click();

      // Mia, an admin now, leaves: her page drops First Co at once.
      await mia.reload();
      const miaView = mia.getByRole('region', { name: 'First Co' });
      await showsText(miaView, 'your role: Admin');
      await miaView.getByRole('button', { name: 'Leave organization' }).click();
      await mia.getByRole('dialog', { name: 'Leave First Co?' }).getByRole('button', { name: 'Yes, leave First Co' }).click();
      await absent(mia.getByRole('region', { name: 'First Co' }));
      await showsText(mia.getByRole('region', { name: 'Switch organization' }), 'You are not a member of any organization yet.');
      await stack.shot(mia, 'left');

      // The owner's page, loaded before she left, still lists her; removing her there finds no
      // member, and the page drops her row.
      const staleRow = first.getByRole('listitem').filter({ hasText: memberEmail });
      await staleRow.getByRole('button', { name: 'Remove' }).click();
      await owner.getByRole('dialog', { name: 'Remove Mia Member from First Co?' }).getByRole('button', { name: 'Remove member' }).click();
      await absent(staleRow);

      // She is invited and accepts again; the owner removes her without a reload.
      await first.getByLabel('Email').fill(memberEmail);
      await first.getByRole('button', { name: 'Invite', exact: true }).click();
      const again = await stack.sink.waitFor(memberEmail, (m) => m.subject === 'Invitation to join First Co' && !m.text.includes(link!), 10_000);
      await mia.goto(/https?:\/\/\S+\/accept-invitation\/\S+/.exec(again.text)![0]);
      await mia.getByRole('button', { name: 'Accept' }).click();
      await showsText(mia.getByRole('status'), 'You are now a member of First Co');
      await owner.reload();
      await showsText(first, 'Mia Member');
      const rejoined = first.getByRole('listitem').filter({ hasText: memberEmail });
      await rejoined.getByRole('button', { name: 'Remove' }).click();
      await owner.getByRole('dialog', { name: 'Remove Mia Member from First Co?' }).getByRole('button', { name: 'Remove member' }).click();
      await absent(rejoined);
      await showsText(owner.getByRole('status'), 'Mia Member was removed from First Co.');
      await stack.shot(owner, 'member-removed');

      // Switching makes the other organization the shown one, and the list marks it active.
      const list = owner.getByRole('region', { name: 'Switch organization' });
      await list.getByRole('button', { name: 'Switch to Second Co' }).click();
      await shows(owner.getByRole('region', { name: 'Second Co' }));
      await absent(owner.getByRole('region', { name: 'First Co' }));
      await showsText(list.getByRole('listitem').filter({ hasText: 'Second Co' }), 'Active');

      // Deleting it leaves no active organization and only First Co in the list.
      const second = owner.getByRole('region', { name: 'Second Co' });
      await second.getByRole('button', { name: 'Delete organization' }).click();
      const confirmDelete = owner.getByRole('dialog', { name: 'Delete Second Co?' });
      await showsText(confirmDelete, 'This cannot be undone.');
      await confirmDelete.getByRole('button', { name: 'Yes, delete Second Co' }).click();
      await absent(owner.getByRole('region', { name: 'Second Co' }));
      await absent(list.getByText('Second Co'));
      await shows(list.getByRole('button', { name: 'Switch to First Co' }));
      await stack.shot(owner, 'deleted');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
