import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { absent, actionLink, apiSignUp, describeBrowser, JOURNEY_TIMEOUT, mailedCode, shows, showsText, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * Issue 37's "people who are stranded", on a server that wants verified addresses (and runs email
 * codes): an invited person who signs up keeps the invitation through sign-up, verification and
 * sign-in; a user an admin created can get in; sign-up says "Check your email" with a resend and a
 * code; deleting an account ends on a page that says so; the sole owner is not offered "Leave".
 */
let stack: Stack;

describeBrowser('no stranded person, in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('stranded', { emailAndPassword: { requireEmailVerification: true }, emailOTP: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const mailTo = (email: string, subject: string) => stack.sink.waitFor(email, (m) => m.subject === subject, 10_000);
  const api = async (path: string, body: unknown, cookie = '') => {
    const r = await fetch(`${stack.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url, cookie },
      body: JSON.stringify(body),
    });
    return {
      status: r.status,
      data: (await r.json()) as Record<string, unknown>,
      cookie: r.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
  };
  /** A verified user signed in over HTTP (set-up, not the journey under test): their session cookie. */
  const verifiedSession = async (name: string, email: string, password: string) => {
    await apiSignUp(stack, { name, email, password });
    await fetch(actionLink(await mailTo(email, 'Verify your email address')), { redirect: 'manual' });
    const signedIn = await api('/sign-in/email', { email, password });
    expect(signedIn.status, JSON.stringify(signedIn.data)).toBe(200);
    return signedIn.cookie;
  };
  const signInOnPage = async (page: Page, email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  it(
    'an invited person signs up, verifies and signs in without losing the invitation, then accepts it from the organizations page',
    async () => {
      const ownerEmail = uniqueEmail('ada');
      const inviteeEmail = uniqueEmail('ivan');
      const owner = await verifiedSession('Ada Owner', ownerEmail, 'owner-password-1');
      const created = await api('/organization/create', { name: 'Acme Robotics', slug: `acme-${Date.now().toString(36)}` }, owner);
      expect(created.status, JSON.stringify(created.data)).toBe(200);
      const invited = await api('/organization/invite-member', { email: inviteeEmail, role: 'admin' }, owner);
      expect(invited.status, JSON.stringify(invited.data)).toBe(200);
      const link = actionLink(await mailTo(inviteeEmail, 'Invitation to join Acme Robotics'));

      // Opened while signed in as someone else (the owner here): said so, with a way to switch.
      const other = await stack.page();
      await other.goto(`${stack.url}/sign-in`);
      await signInOnPage(other, ownerEmail, 'owner-password-1');
      await shows(other.getByRole('button', { name: 'Sign out', exact: true }));
      await other.goto(link);
      await showsText(other.getByRole('alert'), `You are signed in as ${ownerEmail}, but this invitation was sent to another address.`);
      await stack.shots(other, 'invitation-wrong-account');
      await other.getByRole('button', { name: 'Sign out to switch accounts' }).click();
      await shows(other.getByRole('heading', { name: 'Invitation to join Acme Robotics', level: 1 }));
      // An id that is no open invitation is said to be unusable, with nothing to accept.
      await other.goto(`${stack.url}/accept-invitation/no-such-invitation`);
      await showsText(other.getByRole('alert'), 'This invitation can no longer be used');
      await absent(other.getByRole('link', { name: 'Sign up' }));
      await other.close();

      // Signed out, the invitation says who invited whom to what, as what.
      const page = await stack.page();
      await page.goto(link);
      await shows(page.getByRole('heading', { name: 'Invitation to join Acme Robotics', level: 1 }));
      await showsText(page.locator('.interstitial-context'), 'Ada Owner invited you to Acme Robotics as Admin');
      await stack.shots(page, 'invitation-signed-out');

      // Sign up from there: "Check your email", with the address, a resend and a code entry.
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Ivan Invitee');
      await page.getByLabel('Email').fill(inviteeEmail);
      await page.getByLabel('Password', { exact: true }).fill('invitee-password-1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shows(page.getByRole('heading', { name: 'Check your email', level: 1 }));
      await showsText(page.locator('main'), `We sent a verification link to ${inviteeEmail}`);
      await showsText(page.locator('main'), 'it brings you back to your invitation');
      await shows(page.getByRole('button', { name: 'Email me a code' }));
      const first = await mailTo(inviteeEmail, 'Verify your email address');
      await page.getByRole('button', { name: 'Resend the link' }).click();
      await showsText(page.getByRole('status'), `We sent a new link to ${inviteeEmail}.`);
      const again = actionLink(await mailTo(inviteeEmail, 'Verify your email address'));
      expect(new URL(actionLink(first)).searchParams.get('callbackURL')).toBe(link);
      await stack.shots(page, 'check-your-email');

      // The mailed link lands back on the invitation, which now asks to sign in.
      await page.goto(again);
      await page.waitForURL(link);
      await showsText(page.getByRole('status'), 'Your email address is verified. Sign in to accept the invitation.');
      await stack.shots(page, 'invitation-verified');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signInOnPage(page, inviteeEmail, 'invitee-password-1');
      await page.waitForURL(link);
      await shows(page.getByRole('heading', { name: 'Join Acme Robotics', level: 1 }));
      await shows(page.getByRole('button', { name: 'Accept' }));

      // The organizations page lists the invitation too, with Accept and Reject.
      await page.getByRole('link', { name: 'Organizations' }).click();
      const mine = page.getByRole('region', { name: 'Invitations for you' });
      const item = mine.getByRole('listitem').filter({ hasText: 'Acme Robotics' });
      await showsText(item, `${ownerEmail} invited you as Admin.`);
      await shows(item.getByRole('button', { name: 'Reject the invitation to Acme Robotics' }));
      await stack.shots(page, 'organizations-invitations');
      await item.getByRole('button', { name: 'Accept the invitation to Acme Robotics' }).click();
      await showsText(page.getByRole('status'), 'You are now a member of Acme Robotics');
      await absent(page.getByRole('region', { name: 'Invitations for you' }));
      await showsText(page.getByRole('region', { name: 'Acme Robotics' }), 'Ada Owner');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 2,
  );

  it(
    'a user created by an admin gets in: marked verified at creation, sent a verification mail, or verified from the panel',
    async () => {
      const adminEmail = uniqueEmail('root');
      const made = await stack.cli(['create-user', '--role', 'admin', '--email', adminEmail, '--password', 'admin-password-1', '--name', 'Ada Admin']);
      expect(made.code, made.out).toBe(0);
      const admin = await stack.page({ width: 1280, height: 900 });
      await admin.goto(`${stack.url}/sign-in`);
      await signInOnPage(admin, adminEmail, 'admin-password-1');
      await shows(admin.getByRole('button', { name: 'Sign out' }));
      await admin.goto(`${stack.url}/admin`);
      await shows(admin.getByRole('heading', { name: 'Users', level: 1 }));

      const create = async (name: string, email: string, verification?: string) => {
        await admin.getByRole('button', { name: 'Create user' }).click();
        const form = admin.getByRole('region', { name: 'Create user' });
        await form.getByLabel('Name').fill(name);
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password').fill('created-password-1');
        expect(await form.getByLabel('Verification').inputValue()).toBe('send');
        if (verification) await form.getByLabel('Verification').selectOption(verification);
        if (name === 'Vera Verified') await stack.shots(admin, 'admin-create-user');
        await form.getByRole('button', { name: 'Create user' }).click();
      };
      const signsIn = async (email: string) => {
        const page = await stack.page();
        await page.goto(`${stack.url}/sign-in`);
        await signInOnPage(page, email, 'created-password-1');
        return page;
      };

      // Marked verified at creation: their first sign-in works.
      const vera = uniqueEmail('vera');
      await create('Vera Verified', vera, 'mark');
      await showsText(admin.getByRole('status'), `User ${vera} was created with a verified address.`);
      await shows((await signsIn(vera)).getByRole('button', { name: 'Sign out' }));

      // The default: a verification mail goes out, whose link verifies the address.
      const sam = uniqueEmail('sam');
      await create('Sam Sent', sam);
      await showsText(admin.getByRole('status'), `User ${sam} was created; a verification email was sent.`);
      const samLink = actionLink(await mailTo(sam, 'Verify your email address'));
      expect(new URL(samLink).searchParams.get('callbackURL')).toBe(`${stack.url}/verify-email`);

      // Left unverified: refused at first, then the panel sends a mail and marks the address verified.
      const quentin = uniqueEmail('quentin');
      await create('Quentin Later', quentin, 'none');
      await showsText(admin.getByRole('status'), `User ${quentin} was created.`);
      const refused = await signsIn(quentin);
      await showsText(refused.locator('form'), 'Email not verified');
      await refused.close();
      await stack.sink.waitFor(quentin, (m) => m.subject === 'Verify your email address', 10_000);

      await admin.getByLabel('Search').fill(quentin);
      await admin.getByRole('button', { name: `Manage ${quentin}` }).click();
      const panel = admin.getByRole('region', { name: `Manage ${quentin}` });
      await showsText(panel, `${quentin} is not verified`);
      await panel.getByRole('button', { name: 'Send verification email' }).click();
      await showsText(panel.getByRole('status'), `A verification email was sent to ${quentin}.`);
      await mailTo(quentin, 'Verify your email address');
      await stack.shots(admin, 'admin-user-unverified');
      await panel.getByRole('button', { name: 'Mark as verified' }).click();
      await showsText(admin.getByRole('status').filter({ hasText: 'marked as verified' }), `${quentin} is now marked as verified.`);
      await showsText(panel, `${quentin} is verified.`);
      await absent(panel.getByRole('button', { name: 'Mark as verified' }));
      await shows((await signsIn(quentin)).getByRole('button', { name: 'Sign out' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 2,
  );

  it(
    'sign-up verified by a code; the sole owner is told why instead of offered "Leave"; a deleted account ends on a page saying so',
    async () => {
      const email = uniqueEmail('olga');
      const page = await stack.page();
      await page.goto(`${stack.url}/sign-up`);
      await page.getByLabel('Name', { exact: true }).fill('Olga Only');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('olga-password-1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shows(page.getByRole('heading', { name: 'Check your email', level: 1 }));
      await showsText(page.locator('main'), `We sent a verification link to ${email}: open it to verify your address, then sign in.`);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      const code = mailedCode(await mailTo(email, 'Your email verification code'));
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await showsText(page.getByRole('status'), `Your email address ${email} is verified.`);
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await signInOnPage(page, email, 'olga-password-1');
      await shows(page.getByRole('button', { name: 'Sign out' }));

      // The only owner: no "Leave", and the reason.
      await page.goto(`${stack.url}/organizations`);
      const create = page.getByRole('region', { name: 'Create organization' });
      await create.getByLabel('Name').fill('Solo Works');
      await create.getByRole('button', { name: 'Create organization' }).click();
      const org = page.getByRole('region', { name: 'Solo Works' });
      await showsText(org, 'You are the only owner of Solo Works, so you cannot leave it.');
      await absent(org.getByRole('button', { name: 'Leave organization' }));
      await shows(org.getByRole('button', { name: 'Delete organization' }));
      await stack.shots(page, 'sole-owner');

      // Deleting the account (with the password) ends on "Account deleted".
      await page.goto(`${stack.url}/account/danger-zone`);
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Password').fill('olga-password-1');
      await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
      await page.waitForURL(`${stack.url}/account-deleted`);
      await shows(page.getByRole('heading', { name: 'Account deleted', level: 1 }));
      await showsText(page.getByRole('status'), 'Your account has been deleted');
      await stack.shots(page, 'account-deleted');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 2,
  );
});
