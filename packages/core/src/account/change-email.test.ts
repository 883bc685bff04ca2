import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, bareLinkIn, linkIn, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  let mails: Mail[];
  ({ t, mails } = await clients.openWithMail(options));
  return mails;
}
const sessionUser = async (jar = t.jar) => (await t.json<{ user: { email: string; emailVerified: boolean } } | null>('/get-session', { jar })).data?.user;

/** Signs up and verifies the address through the mailed link. */
async function verifiedUser(mails: Mail[]) {
  const u = await t.signUp();
  await t.json('/send-verification-email', { body: { email: u.email } });
  await t.json(bareLinkIn(mails.at(-1)!));
  return u;
}

describe('change-email', () => {
  it("changes an unverified user's address at once and mails the new address a verification link", async () => {
    const mails = await setup();
    await t.signUp();
    const newEmail = uniqueEmail('moved');
    const r = await t.json('/change-email', { body: { newEmail: newEmail.toUpperCase(), callbackURL: '/account' } });
    expect(r).toMatchObject({ status: 200, data: { status: true } });
    expect(await sessionUser()).toMatchObject({ email: newEmail, emailVerified: false });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(newEmail);
    const link = linkIn(mails[0]!);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/account');
    const v = await t.request(link);
    expect(v.headers.get('location')).toBe('/account');
    expect(await sessionUser()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("confirms a verified user's change through the CURRENT address, then verifies the new one", async () => {
    const mails = await setup();
    const { email } = await verifiedUser(mails);
    const newEmail = uniqueEmail('moved');
    expect((await t.json('/change-email', { body: { newEmail } })).data).toEqual({ status: true });
    // Nothing changes until the link is followed.
    expect(await sessionUser()).toMatchObject({ email, emailVerified: true });
    const confirm = mails.at(-1)!;
    expect(confirm.to).toBe(email);
    expect(confirm.subject).toBe('Confirm your email change');
    expect(confirm.text).toContain(newEmail);
    const link = bareLinkIn(confirm);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    // Someone not signed in as that user cannot use it.
    expect((await t.json(link, { jar: null })).data).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    expect((await t.request(`${link}&callbackURL=%2Fa`, { jar: null })).headers.get('location')).toBe('/a?error=unauthorized');
    const stranger = t.newJar();
    await t.signUp(undefined, stranger);
    expect((await t.json(link, { jar: stranger })).status).toBe(401);

    const done = await t.json(link);
    expect(done).toMatchObject({ status: 200, data: { status: true, user: { email: newEmail, emailVerified: false } } });
    expect(await sessionUser()).toMatchObject({ email: newEmail, emailVerified: false });
    const verify = mails.at(-1)!;
    expect(verify.to).toBe(newEmail);
    expect(verify.subject).toBe('Verify your email address');
    // The confirmation link works once.
    expect((await t.json(link)).status).toBe(401);
    await t.json(bareLinkIn(verify));
    expect(await sessionUser()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('refuses bad, same and taken addresses', async () => {
    const mails = await setup();
    const other = await t.signUp(undefined, t.newJar());
    const { email } = await t.signUp();
    const invalid = await t.json('/change-email', { body: { newEmail: 'nope' } });
    expect(invalid).toMatchObject({ status: 400, data: { message: 'Invalid email', code: 'INVALID_EMAIL' } });
    const same = await t.json('/change-email', { body: { newEmail: email.toUpperCase() } });
    expect(same).toMatchObject({ status: 400, data: { message: 'Email is the same', code: 'EMAIL_IS_THE_SAME' } });
    const taken = await t.json('/change-email', { body: { newEmail: other.email } });
    expect(taken).toMatchObject({ status: 422, data: { message: 'User already exists', code: 'USER_ALREADY_EXISTS' } });
    expect((await t.json('/change-email', { body: { newEmail: uniqueEmail() }, jar: null })).status).toBe(401);
    expect((await t.json('/change-email', { body: { newEmail: uniqueEmail(), callbackURL: 'https://evil.example' } })).status).toBe(403);
    expect(mails).toHaveLength(0);
  });

  it('does not switch when the new address was taken meanwhile', async () => {
    const mails = await setup();
    await verifiedUser(mails);
    const newEmail = uniqueEmail('contested');
    await t.json('/change-email', { body: { newEmail } });
    const link = bareLinkIn(mails.at(-1)!);
    await t.signUp({ email: newEmail }, t.newJar());
    const r = await t.json(link);
    expect(r).toMatchObject({ status: 400, data: { message: "Couldn't update your email", code: 'COULDNT_UPDATE_YOUR_EMAIL' } });
  });

  it("answers 'Change email is disabled' when turned off", async () => {
    await setup({ user: { changeEmail: { enabled: false } } });
    await t.signUp();
    const r = await t.json('/change-email', { body: { newEmail: uniqueEmail() } });
    expect(r).toMatchObject({ status: 400, data: { message: 'Change email is disabled', code: 'CHANGE_EMAIL_DISABLED' } });
  });

  it("uses the library user's sendChangeEmailVerification", async () => {
    const sent: { user: Record<string, unknown>; newEmail: string; url: string; token: string }[] = [];
    const mails = await setup({ user: { changeEmail: { sendChangeEmailVerification: async (d) => void sent.push(d) } } });
    const { email } = await verifiedUser(mails);
    const newEmail = uniqueEmail();
    await t.json('/change-email', { body: { newEmail } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ newEmail, user: { email } });
    expect(sent[0]!.url).toContain(sent[0]!.token);
    expect(mails).toHaveLength(1);
  });
});
