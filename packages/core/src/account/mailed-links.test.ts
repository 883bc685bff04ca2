import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, linkIn, type TestClient, uniqueEmail } from '../test/harness.js';

/**
 * Every mailed link lands on a page: when the call that mailed it named no callbackURL
 * the link carries `callbackURL=/` (as better-auth's do), and following it redirects
 * there (with `?error=` or `?token=`), never answering JSON; the redirect sets the
 * short-lived `link_notice` cookie that tells the app which link it was.
 */
let t: TestClient;
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  let mails: Mail[];
  ({ t, mails } = await clients.openWithMail(options));
  return mails;
}
const callbackOf = (mail: Mail) => new URL(linkIn(mail)).searchParams.get('callbackURL');
const location = (r: Response) => r.headers.get('location');
const notice = (r: Response) => r.headers.getSetCookie().find((c) => c.startsWith('better-auth.link_notice='));

describe('mailed links without a callbackURL', () => {
  it('the sign-up verification link lands on / instead of answering JSON; a used one on /?error=invalid_token', async () => {
    const mails = await setup({ emailVerification: { sendOnSignUp: true } });
    await t.signUp();
    expect(callbackOf(mails[0]!)).toBe('/');
    const ok = await t.request(linkIn(mails[0]!), { jar: null });
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe('/');
    expect(notice(ok)).toBe('better-auth.link_notice=verify-email; Max-Age=60; Path=/; SameSite=Lax');
    const used = await t.request(linkIn(mails[0]!), { jar: null });
    expect(location(used)).toBe('/?error=invalid_token');
    expect(notice(used)).toContain('link_notice=verify-email;');
  });

  it('an expired verification link lands on /?error=token_expired', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/send-verification-email', { body: { email } });
    t.clock.advance(3601);
    const r = await t.request(linkIn(mails[0]!), { jar: null });
    expect(location(r)).toBe('/?error=token_expired');
  });

  it('the change-email confirmation and the new address verification land on /', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/send-verification-email', { body: { email } });
    await t.request(linkIn(mails[0]!));
    const newEmail = uniqueEmail('moved');
    await t.json('/change-email', { body: { newEmail } });
    const confirm = mails.at(-1)!;
    expect(confirm.to).toBe(email);
    expect(callbackOf(confirm)).toBe('/');
    // Signed out, the confirmation link cannot be used: still a page, saying so.
    const stranger = await t.request(linkIn(confirm), { jar: null });
    expect(location(stranger)).toBe('/?error=unauthorized');
    expect(notice(stranger)).toContain('link_notice=change-email;');
    const r = await t.request(linkIn(confirm));
    expect(location(r)).toBe('/');
    expect(notice(r)).toContain('link_notice=change-email;');
    const verify = mails.at(-1)!;
    expect(verify.to).toBe(newEmail);
    expect(callbackOf(verify)).toBe('/');
    // Used: the old address has no account any more.
    const used = await t.request(linkIn(confirm));
    expect(location(used)).toBe('/?error=user_not_found');
    expect(notice(used)).toContain('link_notice=change-email;');
  });

  it('the delete-account link lands on /, and a used one on /?error=invalid_token', async () => {
    const mails = await setup();
    await t.signUp();
    await t.json('/delete-user', { body: {} });
    expect(callbackOf(mails[0]!)).toBe('/');
    const ok = await t.request(linkIn(mails[0]!), { jar: null });
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe('/');
    expect(notice(ok)).toContain('link_notice=delete-account;');
    const used = await t.request(linkIn(mails[0]!), { jar: null });
    expect(location(used)).toBe('/?error=invalid_token');
    expect(notice(used)).toContain('link_notice=delete-account;');
  });

  it('the reset-password link lands on /?token=…, an unknown one on /?error=INVALID_TOKEN', async () => {
    const mails = await setup();
    const { email } = await t.signUp();
    await t.json('/forget-password', { body: { email } });
    expect(callbackOf(mails[0]!)).toBe('/');
    const r = await t.request(linkIn(mails[0]!), { jar: null });
    const token = new URL(linkIn(mails[0]!)).pathname.split('/').at(-1);
    expect(location(r)).toBe(`/?token=${token}`);
    const unknown = await t.request('/reset-password/nonsense?callbackURL=%2F', { jar: null });
    expect(location(unknown)).toBe('/?error=INVALID_TOKEN');
  });

  it('a delete-account link with a callbackURL of the app lands there with ?error= when unknown', async () => {
    await setup();
    const r = await t.request('/delete-user/callback?token=nonsense&callbackURL=%2Faccount-deleted', { jar: null });
    expect(r.status).toBe(302);
    expect(location(r)).toBe('/account-deleted?error=invalid_token');
  });

  it("scopes the notice to the landing's path, and sets none for a landing on another origin", async () => {
    await setup({ trustedOrigins: ['https://app.example'] });
    const own = await t.request(`/verify-email?token=x&callbackURL=${encodeURIComponent('http://localhost:3000/verify-email?x=1')}`, { jar: null });
    expect(notice(own)).toBe('better-auth.link_notice=verify-email; Max-Age=60; Path=/verify-email; SameSite=Lax');
    const away = await t.request(`/verify-email?token=x&callbackURL=${encodeURIComponent('https://app.example/done')}`, { jar: null });
    expect(location(away)).toBe('https://app.example/done?error=invalid_token');
    expect(notice(away)).toBeUndefined();
  });
});
