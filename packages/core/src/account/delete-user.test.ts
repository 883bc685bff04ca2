import { describe, expect, it } from 'vitest';
import { APIError } from '../errors.js';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, bareLinkIn, linkIn, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

const withMail = async (options: GatehouseOptions = {}) => {
  let mails: Mail[];
  ({ t, mails } = await clients.openWithMail(options));
  return mails;
};
const tokenIn = (m: Mail) => new URL(linkIn(m)).searchParams.get('token')!;

/** How many rows each core table holds for the user. */
async function footprint(userId: string) {
  const { adapter } = await t.auth.context();
  return {
    user: await adapter.count('user', [{ field: 'id', value: userId }]),
    session: await adapter.count('session', [{ field: 'userId', value: userId }]),
    account: await adapter.count('account', [{ field: 'userId', value: userId }]),
    verification: await adapter.count('verification', [{ field: 'value', value: userId }]),
  };
}
const GONE = { user: 0, session: 0, account: 0, verification: 0 };
const idOf = (data: Record<string, unknown>) => (data.user as { id: string }).id;

describe('delete-user', () => {
  it('deletes at once with the correct password: user, sessions, accounts, tokens; cookies cleared', async () => {
    const mails = await withMail();
    const bystander = await t.signUp(undefined, t.newJar());
    const { email, password, data } = await t.signUp();
    await t.json('/sign-in/email', { body: { email, password }, jar: t.newJar() });
    await t.json('/forget-password', { body: { email } });
    expect(mails).toHaveLength(1);
    expect(await footprint(idOf(data))).toEqual({ user: 1, session: 2, account: 1, verification: 1 });

    const wrong = await t.json('/delete-user', { body: { password: 'not the password' } });
    expect(wrong).toMatchObject({ status: 400, data: { message: 'Invalid password', code: 'INVALID_PASSWORD' } });

    const r = await t.json('/delete-user', { body: { password } });
    expect(r).toMatchObject({ status: 200, data: { success: true, message: 'User deleted' } });
    expect(t.jar.cookies.size).toBe(0);
    expect(await footprint(idOf(bystander.data))).toMatchObject({ user: 1 });
    expect(await footprint(idOf(data))).toEqual(GONE);
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(401);
  });

  it('without mail configured, a fresh session deletes at once and a stale one is told to sign in again', async () => {
    t = await clients.open({ session: { freshAge: 60 } });
    const { data } = await t.signUp();
    const r = await t.json('/delete-user', { body: {} });
    expect(r.data).toEqual({ success: true, message: 'User deleted' });
    expect(await footprint(idOf(data))).toEqual(GONE);

    const { data: data2 } = await t.signUp();
    t.clock.advance(120);
    const stale = await t.json('/delete-user', { body: {} });
    expect(stale.status).toBe(400);
    expect(stale.data).toEqual({ message: 'Session expired. Re-authenticate to perform this action.', code: 'SESSION_EXPIRED' });
    expect(await footprint(idOf(data2))).toMatchObject({ user: 1 });
  });

  it('with mail configured, mails a one-time 24-hour link to /delete-user/callback', async () => {
    const mails = await withMail();
    const { email, data } = await t.signUp();
    const r = await t.json('/delete-user', { body: { callbackURL: '/goodbye' } });
    expect(r.data).toEqual({ success: true, message: 'Verification email sent' });
    expect(await footprint(idOf(data))).toMatchObject({ user: 1 });
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.subject).toBe('Confirm account deletion');
    const link = linkIn(mails[0]!);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/delete-user\/callback\?token=[a-z0-9]{32}&callbackURL=%2Fgoodbye$/);
    const { adapter } = await t.auth.context();
    const row = await adapter.findOne<{ identifier: string; expiresAt: Date }>('verification', [{ field: 'value', value: idOf(data) }]);
    expect(row!.identifier).toBe(`delete-account-${tokenIn(mails[0]!)}`);
    expect(row!.expiresAt.getTime() - t.clock.ms).toBe(86400 * 1000);

    const done = await t.request(link);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/goodbye');
    // The session's cookies are cleared; only the landing's notice is left.
    expect([...t.jar.cookies.keys()]).toEqual(['better-auth.link_notice']);
    expect(done.headers.getSetCookie()).toContain('better-auth.link_notice=delete-account; Max-Age=60; Path=/goodbye; SameSite=Lax');
    expect(await footprint(idOf(data))).toEqual(GONE);
    const again = await t.request(link);
    expect(again.headers.get('location')).toBe('/goodbye?error=invalid_token');
    expect((await t.json(bareLinkIn(mails[0]!))).data).toEqual({ message: 'invalid token', code: 'INVALID_TOKEN' });
  });

  it('mails even for a stale session when mail is configured; the link expires after 24 hours', async () => {
    const mails = await withMail({ session: { freshAge: 60 } });
    const { data } = await t.signUp();
    t.clock.advance(120);
    expect((await t.json('/delete-user', { body: {} })).data).toEqual({ success: true, message: 'Verification email sent' });
    t.clock.advance(86401);
    const late = await t.json(bareLinkIn(mails[0]!), { jar: null });
    expect(late).toMatchObject({ status: 400, data: { code: 'INVALID_TOKEN' } });
    expect(await footprint(idOf(data))).toMatchObject({ user: 1 });
  });

  it('accepts the mailed token in POST /delete-user, only for its own user', async () => {
    const mails = await withMail();
    const a = t.newJar();
    const userA = await t.signUp(undefined, a);
    await t.json('/delete-user', { body: {}, jar: a });
    const tokenA = tokenIn(mails[0]!);
    const { data } = await t.signUp();
    const foreign = await t.json('/delete-user', { body: { token: tokenA } });
    expect(foreign).toMatchObject({ status: 400, data: { code: 'INVALID_TOKEN' } });
    expect(await footprint(idOf(userA.data))).toMatchObject({ user: 1, verification: 1 });
    const own = await t.json('/delete-user', { body: { token: tokenA }, jar: a });
    expect(own.data).toEqual({ success: true, message: 'User deleted' });
    expect(await footprint(idOf(userA.data))).toEqual(GONE);
    expect(await footprint(idOf(data))).toMatchObject({ user: 1 });
  });

  it('answers JSON from the callback without a callbackURL, and refuses unknown tokens', async () => {
    const mails = await withMail();
    await t.signUp();
    await t.json('/delete-user', { body: {} });
    // The mailed link names `/`; an old or hand-made one without a callbackURL answers JSON.
    expect(new URL(linkIn(mails[0]!)).searchParams.get('callbackURL')).toBe('/');
    expect((await t.json('/delete-user/callback?token=abc')).data).toEqual({ message: 'invalid token', code: 'INVALID_TOKEN' });
    const r = await t.json(bareLinkIn(mails[0]!), { jar: null });
    expect(r.data).toEqual({ success: true, message: 'User deleted' });
    expect((await t.json('/delete-user/callback?token=x&callbackURL=https%3A%2F%2Fevil.example')).status).toBe(403);
  });

  it('runs beforeDelete and afterDelete; beforeDelete may refuse', async () => {
    const calls: string[] = [];
    t = await clients.open({
      user: {
        deleteUser: {
          beforeDelete: async (user) => {
            calls.push(`before:${user.name}`);
            if (user.name === 'Keep Me') throw new APIError('BAD_REQUEST', 'KEEP', 'This account cannot be deleted');
          },
          afterDelete: async (user) => void calls.push(`after:${user.name}`),
        },
      },
    });
    const { password, data } = await t.signUp({ name: 'Keep Me' });
    const refused = await t.json('/delete-user', { body: { password } });
    expect(refused).toMatchObject({ status: 400, data: { code: 'KEEP' } });
    expect(await footprint(idOf(data))).toMatchObject({ user: 1, session: 1, account: 1 });
    const jar = t.newJar();
    const other = await t.signUp({ name: 'Bye' }, jar);
    expect((await t.json('/delete-user', { body: { password: other.password }, jar })).status).toBe(200);
    expect(calls).toEqual(['before:Keep Me', 'before:Bye', 'after:Bye']);
  });

  it("uses the library user's sendDeleteAccountVerification (mail then counts as configured)", async () => {
    const sent: { user: Record<string, unknown>; url: string; token: string }[] = [];
    t = await clients.open({ user: { deleteUser: { sendDeleteAccountVerification: async (d) => void sent.push(d) } } });
    const { email } = await t.signUp();
    expect((await t.json('/delete-user', { body: {} })).data).toEqual({ success: true, message: 'Verification email sent' });
    expect(sent[0]!.user.email).toBe(email);
    expect(sent[0]!.token).toMatch(/^[a-z0-9]{32}$/);
    expect(new URL(sent[0]!.url).searchParams.get('callbackURL')).toBe('/');
    expect((await t.request(sent[0]!.url)).headers.get('location')).toBe('/');
  });

  it('does not exist when user.deleteUser.enabled is false', async () => {
    t = await clients.open({ user: { deleteUser: { enabled: false } } });
    const { password } = await t.signUp();
    const r = await t.request('/delete-user', { body: { password } });
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('');
    expect((await t.request('/delete-user/callback?token=x')).status).toBe(404);
    expect((await t.json('/get-session')).data).not.toBeNull();
  });
});
