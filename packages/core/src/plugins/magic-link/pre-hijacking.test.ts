import { describe, expect, it } from 'vitest';
import { adoptionAudit, expectSquatterOut, type Mail, squat, SQUATTER_PASSWORD, type TestClient, useTestClients, WAYS_IN } from '../../test-kit.js';

/**
 * Account pre-hijacking through a magic link (issue 35; security/adoption.ts): the victim's
 * link sign-in adopts the unverified account a squatter made with their address.
 */

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup() {
  ({ t, mails } = await clients.openWithMail({ magicLink: { enabled: true }, ...WAYS_IN }));
}

/** Asks for a link to `email` and follows it (JSON form, no landing) in a fresh jar. */
async function followLink(email: string) {
  expect((await t.json('/sign-in/magic-link', { body: { email }, jar: null })).status).toBe(200);
  const line = mails
    .filter((m) => m.to === email)
    .at(-1)!
    .text.split('\n')
    .find((l) => /^https?:\/\/\S+$/.test(l))!;
  const url = new URL(line);
  url.searchParams.delete('callbackURL');
  const jar = t.newJar();
  const r = await t.json<{ token: string; user: { id: string; emailVerified: boolean; twoFactorEnabled?: boolean } }>(url.toString(), { jar });
  return { ...r, jar };
}

describe('a magic-link sign-in adopts an unverified account', () => {
  it("ends the squatter's session, password, API key, passkey and second factor; the victim is signed in, verified", async () => {
    await setup();
    const s = await squat(t);
    const victim = await followLink(s.email);
    // Signed in at once: the squatter's TOTP no longer stands between the victim and the account.
    expect(victim.status).toBe(200);
    expect(victim.data.user).toMatchObject({ id: s.userId, emailVerified: true, twoFactorEnabled: false });
    expect((await t.json<{ user: { emailVerified: boolean } }>('/get-session', { jar: victim.jar })).data.user.emailVerified).toBe(true);
    await expectSquatterOut(t, s);
    expect(await adoptionAudit(t, s.userId)).toEqual([{ method: 'magic-link', removed: { sessions: 1, passwords: 1, passkeys: 1, apiKeys: 1, twoFactor: 1 } }]);
  });

  it('an already verified account keeps its password and sessions', async () => {
    await setup();
    const s = await squat(t, { totp: false });
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: s.userId }], { emailVerified: true });
    expect((await followLink(s.email)).status).toBe(200);
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: s.jar })).data.user.id).toBe(s.userId);
    expect((await t.json('/sign-in/email', { body: { email: s.email, password: SQUATTER_PASSWORD }, jar: t.newJar() })).status).toBe(200);
    expect(await adoptionAudit(t, s.userId)).toEqual([]);
  });
});
