import { type TOTP, URI } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../packages/core/src/mail/types.js';
import { type CookieJar, linkIn, type TestClient, uniqueEmail, useTestClients } from '../../packages/core/src/test/harness.js';
import { type BetterAuthClient, betterAuthClient, codeIn, EVERY_PLUGIN, SoftAuthenticator, type TwoFactorRedirects, useSoftAuthenticator } from './kit.js';

/**
 * CONTRACT.md "better-auth's client plugins": an app using better-auth 1.7's own browser client
 * with its plugins works against Gatehouse unchanged. Each call below goes through that client
 * (its paths, methods and bodies) and checks the fields of the answer an app reads, so a
 * difference in a route or a shape fails here.
 */
const PASSWORD = 'correct horse battery';
const clients = useTestClients();
afterEach(() => {
  vi.unstubAllGlobals();
});

let t: TestClient;
let mails: Mail[];

async function setup() {
  ({ t, mails } = await clients.openWithMail(EVERY_PLUGIN));
}

/** A browser: its jar, better-auth's client on it, and what onTwoFactorRedirect was handed. */
function browser() {
  const jar: CookieJar = t.newJar();
  const redirects: TwoFactorRedirects = [];
  return { jar, redirects, client: betterAuthClient(t, jar, redirects) };
}

/** Signs up through the client; answers the browser, signed in. */
async function person(extra: { username?: string } = {}) {
  const b = browser();
  const email = uniqueEmail('compat');
  const r = await b.client.signUp.email({ email, password: PASSWORD, name: 'Compat', ...extra });
  expect(r.error).toBeNull();
  return { ...b, email, userId: r.data!.user.id };
}

const lastMailTo = (email: string) => [...mails].reverse().find((m) => m.to === email)!;

/** twoFactor.enable, narrowed on better-auth 1.7's `method` (Gatehouse enrols TOTP). */
async function enableTotp(client: BetterAuthClient) {
  const r = await client.twoFactor.enable({ password: PASSWORD });
  if (r.data?.method !== 'totp') throw new Error(`enable answered ${JSON.stringify(r)}`);
  return r.data;
}

async function makeAdmin(email: string, client: BetterAuthClient) {
  const ctx = await t.auth.context();
  await ctx.adapter.update('user', [{ field: 'email', value: email }], { role: 'admin' });
  // A fresh sign-in carries the new role in the session.
  expect((await client.signIn.email({ email, password: PASSWORD })).error).toBeNull();
}

describe('twoFactorClient', () => {
  it('enables TOTP, and a password sign-in answers twoFactorRedirect with twoFactorMethods, handed to onTwoFactorRedirect', async () => {
    await setup();
    const me = await person();
    const enabled = await enableTotp(me.client);
    expect(enabled).toMatchObject({ method: 'totp', totpURI: expect.stringMatching(/^otpauth:\/\/totp\//), backupCodes: expect.any(Array) });
    const otp = URI.parse(enabled.totpURI) as TOTP;
    const confirmed = await me.client.twoFactor.verifyTotp({ code: otp.generate({ timestamp: t.clock.ms }) });
    expect(confirmed.data).toMatchObject({ token: expect.any(String), user: { twoFactorEnabled: true } });
    expect((await me.client.twoFactor.getTotpUri({ password: PASSWORD })).data).toEqual({ totpURI: enabled.totpURI });
    const regenerated = await me.client.twoFactor.generateBackupCodes({ password: PASSWORD });
    expect(regenerated.data).toMatchObject({ status: true, backupCodes: expect.any(Array) });
    t.clock.advance(60);

    const other = browser();
    const signIn = await other.client.signIn.email({ email: me.email, password: PASSWORD });
    expect(signIn.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(other.redirects).toEqual([{ twoFactorMethods: ['totp', 'otp'] }]);
    const verified = await other.client.twoFactor.verifyTotp({ code: otp.generate({ timestamp: t.clock.ms }), trustDevice: false });
    expect(verified.data).toMatchObject({ token: expect.any(String), user: { id: me.userId } });
    expect((await other.client.getSession()).data?.user.id).toBe(me.userId);
  });

  it('finishes a waiting sign-in with a mailed code or a backup code, and disables', async () => {
    await setup();
    const me = await person({ username: `compat_${Date.now() % 1e8}` });
    const enabled = await enableTotp(me.client);
    const otp = URI.parse(enabled.totpURI) as TOTP;
    await me.client.twoFactor.verifyTotp({ code: otp.generate({ timestamp: t.clock.ms }) });

    // A username sign-in stops at the second factor too (usernameClient).
    const byCode = browser();
    expect((await byCode.client.signIn.username({ username: (await me.client.getSession()).data!.user.username!, password: PASSWORD })).data).toMatchObject({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp', 'otp'],
    });
    expect((await byCode.client.twoFactor.sendOtp()).data).toEqual({ status: true });
    const code = codeIn(lastMailTo(me.email).text);
    expect((await byCode.client.twoFactor.verifyOtp({ code })).data).toMatchObject({ token: expect.any(String), user: { id: me.userId } });

    const byBackup = browser();
    await byBackup.client.signIn.email({ email: me.email, password: PASSWORD });
    const backup = await byBackup.client.twoFactor.verifyBackupCode({ code: enabled.backupCodes[0]! });
    expect(backup.data).toMatchObject({ token: expect.any(String), user: { id: me.userId } });

    expect((await me.client.twoFactor.disable({ password: PASSWORD })).data).toEqual({ status: true });
    expect((await browser().client.signIn.email({ email: me.email, password: PASSWORD })).data).toMatchObject({
      token: expect.any(String),
      user: { id: me.userId },
    });
  });

  it('lists passkey among the methods for a user with a passkey', async () => {
    await setup();
    const me = await person();
    const enabled = await enableTotp(me.client);
    await me.client.twoFactor.verifyTotp({ code: (URI.parse(enabled.totpURI) as TOTP).generate({ timestamp: t.clock.ms }) });
    useSoftAuthenticator(new SoftAuthenticator(t.baseURL));
    expect((await me.client.passkey.addPasskey({ name: 'laptop' }))?.error).toBeNull();
    const other = browser();
    expect((await other.client.signIn.email({ email: me.email, password: PASSWORD })).data).toEqual({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp', 'otp', 'passkey'],
    });
    expect(other.redirects).toEqual([{ twoFactorMethods: ['totp', 'otp', 'passkey'] }]);
  });
});

describe('usernameClient', () => {
  it('signs up with a username, checks availability and signs in by username', async () => {
    await setup();
    const username = `ada_${Date.now() % 1e8}`;
    const me = await person({ username });
    expect((await me.client.isUsernameAvailable({ username })).data).toEqual({ available: false });
    expect((await me.client.isUsernameAvailable({ username: `${username}_x` })).data).toEqual({ available: true });
    const r = await browser().client.signIn.username({ username, password: PASSWORD });
    expect(r.data).toMatchObject({ token: expect.any(String), user: { id: me.userId, username } });
  });
});

describe('magicLinkClient', () => {
  it('mails a link and verifies it: { token, user, session }', async () => {
    await setup();
    const me = await person();
    const b = browser();
    expect((await b.client.signIn.magicLink({ email: me.email })).data).toEqual({ status: true });
    const token = new URL(linkIn(lastMailTo(me.email))).searchParams.get('token')!;
    const r = await b.client.magicLink.verify({ query: { token } });
    expect(r.data).toMatchObject({ token: expect.any(String), user: { id: me.userId }, session: { userId: me.userId, token: r.data!.token } });
    expect((await b.client.getSession()).data?.session.id).toBe(r.data!.session.id);
  });
});

describe('emailOTPClient', () => {
  it('verifies an address, signs in with a code, and resets a password (forgetPassword.emailOtp too)', async () => {
    await setup();
    const me = await person();
    const code = async (type: 'email-verification' | 'sign-in' | 'forget-password') => {
      expect((await me.client.emailOtp.sendVerificationOtp({ email: me.email, type })).data).toEqual({ success: true });
      return codeIn(lastMailTo(me.email).text);
    };
    const verification = await code('email-verification');
    expect((await me.client.emailOtp.checkVerificationOtp({ email: me.email, type: 'email-verification', otp: verification })).data).toEqual({ success: true });
    const verified = await me.client.emailOtp.verifyEmail({ email: me.email, otp: verification });
    expect(verified.data).toMatchObject({ status: true, user: { id: me.userId, emailVerified: true } });

    const b = browser();
    expect((await b.client.emailOtp.sendVerificationOtp({ email: me.email, type: 'sign-in' })).data).toEqual({ success: true });
    const signIn = await b.client.signIn.emailOtp({ email: me.email, otp: codeIn(lastMailTo(me.email).text) });
    expect(signIn.data).toMatchObject({ token: expect.any(String), user: { id: me.userId } });

    expect((await b.client.forgetPassword.emailOtp({ email: me.email })).data).toEqual({ success: true });
    const reset = await b.client.emailOtp.resetPassword({ email: me.email, otp: codeIn(lastMailTo(me.email).text), password: 'a brand new password' });
    expect(reset.data).toEqual({ success: true });
    expect((await b.client.emailOtp.requestPasswordReset({ email: me.email })).data).toEqual({ success: true });
    expect((await browser().client.signIn.email({ email: me.email, password: 'a brand new password' })).error).toBeNull();
  });
});

describe('multiSessionClient', () => {
  it('lists the browser’s accounts, switches and revokes one', async () => {
    await setup();
    const first = await person();
    const second = uniqueEmail('compat');
    await first.client.signUp.email({ email: second, password: PASSWORD, name: 'Second' });
    const list = await first.client.multiSession.listDeviceSessions();
    expect(list.data?.map((s) => s.user.email).sort()).toEqual([first.email, second].sort());
    const mine = list.data!.find((s) => s.user.email === first.email)!;
    const switched = await first.client.multiSession.setActive({ sessionToken: mine.session.token });
    expect(switched.data).toMatchObject({ session: { userId: first.userId }, user: { id: first.userId } });
    expect((await first.client.getSession()).data?.user.id).toBe(first.userId);
    const theirs = list.data!.find((s) => s.user.email === second)!;
    expect((await first.client.multiSession.revoke({ sessionToken: theirs.session.token })).data).toEqual({ status: true });
    expect((await first.client.multiSession.listDeviceSessions()).data?.map((s) => s.user.email)).toEqual([first.email]);
  });
});

describe('jwtClient', () => {
  it('gets a token for the session and the JWKS that verifies it', async () => {
    await setup();
    const me = await person();
    const token = await me.client.token();
    expect(token.data).toEqual({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    const jwks = await me.client.jwks();
    expect(jwks.data?.keys.length).toBeGreaterThan(0);
  });
});

describe('apiKeyClient', () => {
  it('creates, lists ({ apiKeys, total }), gets, updates and deletes a key', async () => {
    await setup();
    const me = await person();
    const created = await me.client.apiKey.create({ name: 'ci' });
    expect(created.data).toMatchObject({ key: expect.any(String), name: 'ci', referenceId: me.userId });
    const id = created.data!.id;
    const list = await me.client.apiKey.list();
    expect(list.data).toMatchObject({ total: 1, apiKeys: [{ id, name: 'ci', referenceId: me.userId, configId: 'default' }] });
    expect(list.data!.apiKeys[0]).not.toHaveProperty('key');
    expect((await me.client.apiKey.get({ query: { id } })).data).toMatchObject({ id, name: 'ci', referenceId: me.userId });
    expect((await me.client.apiKey.update({ keyId: id, name: 'deploy' })).data).toMatchObject({ id, name: 'deploy' });
    expect((await me.client.apiKey.delete({ keyId: id })).data).toEqual({ success: true });
    expect((await me.client.apiKey.list()).data).toMatchObject({ total: 0, apiKeys: [] });
  });
});

describe('passkeyClient', () => {
  it('adds a passkey through navigator.credentials, signs in with it ({ session, user }), lists, renames and deletes it', async () => {
    await setup();
    const me = await person();
    useSoftAuthenticator(new SoftAuthenticator(t.baseURL));
    const added = await me.client.passkey.addPasskey({ name: 'laptop' });
    expect(added?.error).toBeNull();
    expect(added?.data).toMatchObject({ id: expect.any(String), name: 'laptop', userId: me.userId });

    const b = browser();
    const signIn = await b.client.signIn.passkey();
    expect(signIn.error).toBeNull();
    expect(signIn.data).toMatchObject({ session: { userId: me.userId }, user: { id: me.userId } });
    expect((await b.client.getSession()).data?.session.id).toBe((signIn.data as { session: { id: string } }).session.id);

    const list = await me.client.passkey.listUserPasskeys();
    expect(list.data).toMatchObject([{ id: added!.data!.id, name: 'laptop' }]);
    const renamed = await me.client.passkey.updatePasskey({ id: added!.data!.id, name: 'work laptop' });
    expect(renamed.data).toMatchObject({ passkey: { id: added!.data!.id, name: 'work laptop' } });
    expect((await me.client.passkey.deletePasskey({ id: added!.data!.id })).data).toMatchObject({ status: true });
    expect((await me.client.passkey.listUserPasskeys()).data).toEqual([]);
  });
});

describe('adminClient', () => {
  it('checks permissions ({ error: null, success }) and manages users', async () => {
    await setup();
    const admin = await person();
    await makeAdmin(admin.email, admin.client);
    const plain = await person();
    const may = await admin.client.admin.hasPermission({ permissions: { user: ['ban'], session: ['revoke'] } });
    expect(may.data).toEqual({ error: null, success: true });
    expect((await plain.client.admin.hasPermission({ permissions: { user: ['ban'] } })).data).toEqual({ error: null, success: false });

    const listed = await admin.client.admin.listUsers({ query: { limit: 10 } });
    expect(listed.data).toMatchObject({ total: 2, users: expect.any(Array) });
    const made = await admin.client.admin.createUser({ email: uniqueEmail('made'), password: PASSWORD, name: 'Made', role: 'user' });
    expect(made.data).toMatchObject({ user: { id: expect.any(String), role: 'user' } });
    const madeId = made.data!.user.id;
    expect((await admin.client.admin.setRole({ userId: madeId, role: 'admin' })).data).toMatchObject({ user: { id: madeId, role: 'admin' } });
    expect((await admin.client.admin.setUserPassword({ userId: madeId, newPassword: 'another fine password' })).data).toEqual({ status: true });
    expect((await admin.client.admin.updateUser({ userId: madeId, data: { name: 'Renamed' } })).data).toMatchObject({ id: madeId, name: 'Renamed' });
    expect((await admin.client.admin.getUser({ query: { id: madeId } })).data).toMatchObject({ id: madeId, name: 'Renamed', role: 'admin' });

    const sessions = await admin.client.admin.listUserSessions({ userId: plain.userId });
    expect(sessions.data?.sessions).toHaveLength(1);
    expect((await admin.client.admin.revokeUserSession({ sessionToken: sessions.data!.sessions[0]!.token })).data).toEqual({ success: true });
    expect((await admin.client.admin.revokeUserSessions({ userId: plain.userId })).data).toEqual({ success: true });
    expect((await admin.client.admin.banUser({ userId: plain.userId, banReason: 'spam' })).data).toMatchObject({ user: { id: plain.userId, banned: true } });
    expect((await admin.client.admin.unbanUser({ userId: plain.userId })).data).toMatchObject({ user: { id: plain.userId, banned: false } });

    const impersonated = await admin.client.admin.impersonateUser({ userId: plain.userId });
    expect(impersonated.data).toMatchObject({ session: { userId: plain.userId, impersonatedBy: admin.userId }, user: { id: plain.userId } });
    expect((await admin.client.getSession()).data?.user.id).toBe(plain.userId);
    expect((await admin.client.admin.stopImpersonating()).data).toMatchObject({ session: { userId: admin.userId }, user: { id: admin.userId } });
    expect((await admin.client.admin.removeUser({ userId: madeId })).data).toEqual({ success: true });
  });
});

describe('organizationClient', () => {
  it('creates and runs an organization: members, invitations (list-user-invitations), roles (get-active-member-role), permissions', async () => {
    await setup();
    const owner = await person();
    const guest = await person();
    // The invitee proves the mailbox first (list-user-invitations answers 403 before).
    expect((await guest.client.organization.listUserInvitations()).error?.status).toBe(403);
    await guest.client.emailOtp.sendVerificationOtp({ email: guest.email, type: 'email-verification' });
    await guest.client.emailOtp.verifyEmail({ email: guest.email, otp: codeIn(lastMailTo(guest.email).text) });

    const slug = `acme-${Date.now() % 1e8}`;
    expect((await owner.client.organization.checkSlug({ slug })).data).toEqual({ status: true });
    const org = await owner.client.organization.create({ name: 'Acme', slug });
    expect(org.data).toMatchObject({ id: expect.any(String), name: 'Acme', slug });
    const organizationId = org.data!.id;
    expect((await owner.client.organization.list()).data).toMatchObject([{ id: organizationId }]);
    expect((await owner.client.organization.setActive({ organizationId })).data).toMatchObject({ id: organizationId });
    expect((await owner.client.organization.getOrganization()).data).toMatchObject({ id: organizationId, name: 'Acme', slug });
    expect((await owner.client.organization.getActiveMember()).data).toMatchObject({ userId: owner.userId, role: 'owner' });
    expect((await owner.client.organization.getActiveMemberRole()).data).toEqual({ role: 'owner' });
    expect((await owner.client.organization.update({ data: { name: 'Acme Inc' } })).data).toMatchObject({ id: organizationId, name: 'Acme Inc' });
    expect((await owner.client.organization.hasPermission({ permissions: { member: ['create'] } })).data).toMatchObject({ success: true });

    const invited = await owner.client.organization.inviteMember({ email: guest.email, role: 'member' });
    expect(invited.data).toMatchObject({ id: expect.any(String), email: guest.email, role: 'member', status: 'pending' });
    expect((await owner.client.organization.listInvitations()).data).toMatchObject([{ id: invited.data!.id }]);
    const mine = await guest.client.organization.listUserInvitations();
    expect(mine.data).toMatchObject([{ id: invited.data!.id, organizationId, organizationName: 'Acme Inc' }]);
    expect((await guest.client.organization.getInvitation({ query: { id: invited.data!.id } })).data).toMatchObject({
      id: invited.data!.id,
      organizationName: 'Acme Inc',
    });
    const accepted = await guest.client.organization.acceptInvitation({ invitationId: invited.data!.id });
    expect(accepted.data).toMatchObject({ invitation: { status: 'accepted' }, member: { userId: guest.userId, role: 'member' } });

    const full = await owner.client.organization.getFullOrganization();
    expect(full.data).toMatchObject({ id: organizationId, members: expect.any(Array) });
    expect((await owner.client.organization.listMembers()).data).toMatchObject({ total: 2 });
    const guestMember = full.data!.members.find((m) => m.userId === guest.userId) ?? accepted.data!.member;
    expect((await owner.client.organization.updateMemberRole({ memberId: guestMember.id, role: 'admin' })).data).toMatchObject({ role: 'admin' });
    await guest.client.organization.setActive({ organizationId });
    expect((await guest.client.organization.getActiveMemberRole()).data).toEqual({ role: 'admin' });

    // A second invitation, refused by one and cancelled by the owner; then the member leaves.
    const other = await person();
    const second = await owner.client.organization.inviteMember({ email: other.email, role: 'member' });
    expect((await other.client.organization.rejectInvitation({ invitationId: second.data!.id })).data).toMatchObject({ invitation: { status: 'rejected' } });
    const third = await owner.client.organization.inviteMember({ email: uniqueEmail('nobody'), role: 'member' });
    expect((await owner.client.organization.cancelInvitation({ invitationId: third.data!.id })).data).toMatchObject({ status: 'canceled' });
    expect((await guest.client.organization.leave({ organizationId })).data).toMatchObject({ userId: guest.userId });
    const again = await owner.client.organization.inviteMember({ email: guest.email, role: 'member' });
    await guest.client.organization.acceptInvitation({ invitationId: again.data!.id });
    const rejoined = (await owner.client.organization.listMembers()).data!.members.find((m) => m.userId === guest.userId)!;
    expect((await owner.client.organization.removeMember({ memberIdOrEmail: rejoined.id })).data).toMatchObject({ member: { userId: guest.userId } });
    expect((await owner.client.organization.delete({ organizationId })).error).toBeNull();
    expect((await owner.client.organization.list()).data).toEqual([]);
  });
});

describe('organizationClient: teams and custom roles', () => {
  it('creates, lists, updates and removes teams and their members; creates, reads, updates and deletes a role', async () => {
    ({ t, mails } = await clients.openWithMail({ ...EVERY_PLUGIN, organization: { teams: { enabled: true }, dynamicAccessControl: { enabled: true } } }));
    const owner = await person();
    const org = await owner.client.organization.create({ name: 'Teams', slug: `teams-${Date.now() % 1e8}` });
    const organizationId = org.data!.id;
    await owner.client.organization.setActive({ organizationId });

    const team = await owner.client.organization.createTeam({ name: 'Core' });
    expect(team.data).toMatchObject({ id: expect.any(String), name: 'Core', organizationId });
    const teamId = team.data!.id;
    expect((await owner.client.organization.listTeams()).data).toEqual(expect.arrayContaining([expect.objectContaining({ id: teamId })]));
    expect((await owner.client.organization.updateTeam({ teamId, data: { name: 'Platform' } })).data).toMatchObject({ id: teamId, name: 'Platform' });
    const added = await owner.client.organization.addTeamMember({ teamId, userId: owner.userId });
    expect(added.data).toMatchObject({ teamId, userId: owner.userId });
    expect((await owner.client.organization.listTeamMembers({ query: { teamId } })).data).toMatchObject([{ teamId, userId: owner.userId }]);
    expect((await owner.client.organization.setActiveTeam({ teamId })).data).toMatchObject({ id: teamId });
    expect((await owner.client.organization.listUserTeams()).data).toEqual(expect.arrayContaining([expect.objectContaining({ id: teamId })]));
    expect((await owner.client.organization.removeTeamMember({ teamId, userId: owner.userId })).data).toMatchObject({ message: expect.any(String) });
    expect((await owner.client.organization.removeTeam({ teamId })).data).toMatchObject({ message: expect.any(String) });

    const role = await owner.client.organization.createRole({ role: 'auditor', permission: { member: ['create'] } });
    expect(role.data).toMatchObject({ success: true, roleData: { role: 'auditor', organizationId } });
    expect((await owner.client.organization.listRoles()).data).toMatchObject([{ role: 'auditor' }]);
    expect((await owner.client.organization.getRole({ query: { roleName: 'auditor' } })).data).toMatchObject({
      role: 'auditor',
      permission: { member: ['create'] },
    });
    const updated = await owner.client.organization.updateRole({ roleName: 'auditor', data: { permission: { member: ['create', 'update'] } } });
    expect(updated.data).toMatchObject({ success: true, roleData: { role: 'auditor', permission: { member: ['create', 'update'] } } });
    expect((await owner.client.organization.deleteRole({ roleName: 'auditor' })).data).toEqual({ success: true });
  });
});
