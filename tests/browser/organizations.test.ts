import { afterAll, beforeAll, expect, it } from 'vitest';
import { actionLink, describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Organizations with two people in two browser contexts: the owner creates an organization and
 * invites by email; the invitee opens the mailed /accept-invitation/{id} link, signs up on the way,
 * accepts; the owner then sees the new member.
 */
let stack: Stack;

describeBrowser('organization journey in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('organizations');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'create organization → invite by email → the invitee accepts from the mailed link in another context → member visible',
    async () => {
      const ownerEmail = uniqueEmail('owner');
      const inviteeEmail = uniqueEmail('invitee');

      // The owner signs up and creates an organization; the slug is suggested from the name.
      const owner = await stack.page();
      await owner.goto(`${stack.url}/sign-up`);
      await owner.getByLabel('Name', { exact: true }).fill('Olivia Owner');
      await owner.getByLabel('Email').fill(ownerEmail);
      await owner.getByLabel('Password', { exact: true }).fill('owner-password-1');
      await owner.getByRole('button', { name: 'Sign up' }).click();
      await shows(owner.getByRole('heading', { name: 'Profile', level: 1 }));
      await owner.getByRole('link', { name: 'Organizations' }).click();
      await shows(owner.getByRole('heading', { name: 'Organizations', level: 1 }));

      const create = owner.getByRole('region', { name: 'Create organization' });
      await create.getByLabel('Name').fill('Acme Rockets');
      expect(await create.getByLabel('Slug').inputValue()).toBe('acme-rockets');
      await showsText(create, 'This slug is available.');
      await create.getByRole('button', { name: 'Create organization' }).click();
      await showsText(create.getByRole('status'), 'Organization Acme Rockets was created and is now active.');

      const org = owner.getByRole('region', { name: 'Acme Rockets' });
      await showsText(org, 'Olivia Owner');
      await org.getByLabel('Email').fill(inviteeEmail);
      expect(await org.getByLabel('Role').inputValue()).toBe('member');
      await org.getByRole('button', { name: 'Invite', exact: true }).click();
      await showsText(org.getByRole('status'), `${inviteeEmail} was invited.`);
      await showsText(org, 'Pending invitations');
      await showsText(org.getByRole('listitem').filter({ hasText: inviteeEmail }), 'Member');
      await stack.shot(owner, '5-owner-invited');

      // The invitee, in a second context, follows the mail's link.
      const mail = await stack.sink.waitFor(inviteeEmail, (m) => m.subject === 'Invitation to join Acme Rockets', 10_000);
      const link = actionLink(mail);
      expect(link).toMatch(new RegExp(`^${stack.url}/accept-invitation/[^/?#]+$`));
      const invitee = await stack.page();
      await invitee.goto(link);
      await shows(invitee.getByRole('heading', { name: 'Invitation' }));
      await stack.shot(invitee, '5-invitee-not-signed-in');
      await invitee.getByRole('link', { name: 'Sign up' }).click();
      await invitee.getByLabel('Name', { exact: true }).fill('Ivan Invitee');
      await invitee.getByLabel('Email').fill(inviteeEmail);
      await invitee.getByLabel('Password', { exact: true }).fill('invitee-password-1');
      await invitee.getByRole('button', { name: 'Sign up' }).click();

      // Back on the invitation, now signed in: the organization and Accept / Reject.
      await invitee.waitForURL(link);
      await shows(invitee.getByRole('heading', { name: 'Join Acme Rockets' }));
      await shows(invitee.getByRole('button', { name: 'Reject' }));
      await stack.shot(invitee, '5-invitation');
      await invitee.getByRole('button', { name: 'Accept' }).click();
      await showsText(invitee.getByRole('status'), 'You are now a member of Acme Rockets');
      await stack.shot(invitee, '5-accepted');

      // The invitee's own Organizations page shows it active, with both members.
      await invitee.getByRole('link', { name: 'Organizations' }).click();
      const inviteeView = invitee.getByRole('region', { name: 'Acme Rockets' });
      await showsText(inviteeView, 'Olivia Owner');
      await showsText(inviteeView, 'your role: Member');

      // The owner sees the new member, and no pending invitation any more.
      await owner.reload();
      const members = owner.getByRole('region', { name: 'Acme Rockets' });
      await showsText(members, 'Ivan Invitee');
      await showsText(members.getByRole('listitem').filter({ hasText: 'Ivan Invitee' }), inviteeEmail);
      await showsText(members, 'No pending invitations.');
      await stack.shot(owner, '5-owner-sees-member');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
