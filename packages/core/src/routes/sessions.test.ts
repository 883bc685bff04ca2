import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../session/token-key.js';
import { useTestClients, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

type SessionAnswer = { session: { id: string; expiresAt: string; token: string }; user: { email: string } } | null;

describe('GET /get-session', () => {
  it('answers null without a cookie and with a forged signature', async () => {
    t = await clients.open();
    expect((await t.json('/get-session', { jar: null })).data).toBeNull();
    const { data } = await t.signUp();
    const forged = `${data.token}.${'A'.repeat(43)}`;
    const r = await t.json('/get-session', { headers: { cookie: `better-auth.session_token=${forged}` }, jar: null });
    expect(r.data).toBeNull();
  });

  it('stores only a hash of the token, after its first 8 symbols (its creation time)', async () => {
    t = await clients.open();
    const { data } = await t.signUp();
    const rows = await (await t.auth.context()).adapter.findMany('session');
    expect(rows.map((r) => r.token)).toEqual([sessionTokenKey(String(data.token))]);
  });

  it('deletes an expired session and treats the caller as signed out', async () => {
    t = await clients.open();
    await t.signUp();
    t.clock.advance(604800 + 1);
    const r = await t.json('/get-session');
    expect(r.data).toBeNull();
    expect(await (await t.auth.context()).adapter.count('session')).toBe(0);
    expect(r.response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=;') && c.includes('Max-Age=0'))).toBe(true);
  });

  it('renews the expiry once older than updateAge, and not before', async () => {
    t = await clients.open();
    await t.signUp();
    const first = (await t.json<SessionAnswer>('/get-session')).data!;
    t.clock.advance(3600);
    const second = await t.json<SessionAnswer>('/get-session');
    expect(second.data!.session.expiresAt).toBe(first.session.expiresAt);
    expect(second.response.headers.getSetCookie()).toEqual([]);
    t.clock.advance(86400);
    const third = await t.json<SessionAnswer>('/get-session');
    expect(Date.parse(third.data!.session.expiresAt)).toBe(t.clock.ms + 604800 * 1000);
    expect(third.response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
  });

  it('updateAge 0 renews on every call; disableRefresh prevents it', async () => {
    t = await clients.open({ session: { updateAge: 0 } });
    await t.signUp();
    t.clock.advance(10);
    const kept = await t.json<SessionAnswer>('/get-session?disableRefresh=true');
    expect(Date.parse(kept.data!.session.expiresAt)).toBe(t.clock.ms - 10_000 + 604800 * 1000);
    const renewed = await t.json<SessionAnswer>('/get-session');
    expect(Date.parse(renewed.data!.session.expiresAt)).toBe(t.clock.ms + 604800 * 1000);
  });

  it('never renews a do-not-remember session', async () => {
    t = await clients.open({ session: { updateAge: 0 } });
    const { email, password } = await t.signUp({}, t.newJar());
    await t.json('/sign-in/email', { body: { email, password, rememberMe: false } });
    const before = (await t.json<SessionAnswer>('/get-session')).data!;
    t.clock.advance(60);
    const after = (await t.json<SessionAnswer>('/get-session')).data!;
    expect(after.session.expiresAt).toBe(before.session.expiresAt);
  });

  it('with the cookie cache, answers from the signed cookie until it expires', async () => {
    t = await clients.open({ session: { cookieCache: { enabled: true, maxAge: 300 } } });
    await t.signUp();
    expect(t.jar.get('better-auth.session_data')).toBeTruthy();
    const ctx = await t.auth.context();
    await ctx.adapter.delete('session', []);
    expect((await t.json<SessionAnswer>('/get-session')).data?.user.email).toBeTruthy();
    expect((await t.json<SessionAnswer>('/get-session?disableCookieCache=true')).data).toBeNull();
  });

  it('a session_data cookie from another session is not accepted for this token', async () => {
    t = await clients.open({ session: { cookieCache: { enabled: true } } });
    await t.signUp();
    const other = t.newJar();
    await t.signUp({}, other);
    t.jar.cookies.set('better-auth.session_data', other.get('better-auth.session_data')!);
    const mine = (await t.json<SessionAnswer>('/get-session')).data!;
    const theirs = (await t.json<SessionAnswer>('/get-session', { jar: other })).data!;
    expect(mine.user.email).not.toBe(theirs.user.email);
  });
});

describe('session lists and revocation', () => {
  async function threeSessions() {
    t = await clients.open();
    const { email, password } = await t.signUp();
    const second = t.newJar();
    const third = t.newJar();
    await t.json('/sign-in/email', { body: { email, password }, jar: second });
    await t.json('/sign-in/email', { body: { email, password }, jar: third });
    return { second, third };
  }

  it('lists the caller sessions, needs a session (401)', async () => {
    const { second } = await threeSessions();
    const list = await t.json<{ id: string; current: boolean; token: string }[]>('/list-sessions');
    expect(list.data).toHaveLength(3);
    expect(list.data.filter((s) => s.current)).toHaveLength(1);
    expect((await t.json('/list-sessions', { jar: null })).status).toBe(401);
    expect((await t.json('/list-sessions', { jar: null })).data).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const other = await t.json<{ id: string }[]>('/list-sessions', { jar: second });
    expect(other.data.map((s) => s.id).sort()).toEqual(list.data.map((s) => s.id).sort());
  });

  it('revokes one session by its raw token or by its listed token; others are not found', async () => {
    const { second, third } = await threeSessions();
    const raw = second.get('better-auth.session_token')!.split('.')[0];
    expect((await t.json('/revoke-session', { body: { token: raw } })).data).toEqual({ status: true });
    expect((await t.json('/get-session', { jar: second })).data).toBeNull();
    const stranger = t.newJar();
    await t.signUp({}, stranger);
    const thirdRaw = third.get('better-auth.session_token')!.split('.')[0];
    const refused = await t.json('/revoke-session', { body: { token: thirdRaw }, jar: stranger });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ message: 'Session not found', code: 'SESSION_NOT_FOUND' });
    expect((await t.json('/get-session', { jar: third })).data).not.toBeNull();
    const listed = (await t.json<{ token: string; current: boolean }[]>('/list-sessions')).data;
    expect(listed).toHaveLength(2);
    const target = listed.find((s) => !s.current)!;
    expect(target.token).not.toBe(thirdRaw);
    expect((await t.json('/revoke-session', { body: { token: target.token } })).data).toEqual({ status: true });
    expect((await t.json('/get-session', { jar: third })).data).toBeNull();
  });

  it('revoke-other-sessions keeps only the current one; revoke-sessions ends all', async () => {
    const { second, third } = await threeSessions();
    expect((await t.json('/revoke-other-sessions', { method: 'POST' })).data).toEqual({ status: true });
    expect((await t.json('/get-session', { jar: second })).data).toBeNull();
    expect((await t.json('/get-session', { jar: third })).data).toBeNull();
    expect((await t.json('/get-session')).data).not.toBeNull();
    expect((await t.json('/revoke-sessions', { method: 'POST' })).data).toEqual({ status: true });
    expect((await t.json('/get-session')).data).toBeNull();
  });

  it('sign-out clears all three cookies and ends the session', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp({}, t.newJar());
    await t.json('/sign-in/email', { body: { email, password, rememberMe: false } });
    const token = t.jar.get('better-auth.session_token')!;
    const r = await t.json('/sign-out', { method: 'POST' });
    expect(r.data).toEqual({ success: true });
    const cleared = r.response.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(cleared).toEqual(expect.arrayContaining(['better-auth.session_token', 'better-auth.session_data', 'better-auth.dont_remember']));
    const replay = await t.json('/get-session', { headers: { cookie: `better-auth.session_token=${encodeURIComponent(token)}` }, jar: null });
    expect(replay.data).toBeNull();
  });
});

describe('cookie attributes', () => {
  it('uses __Secure- and Secure for an https base URL, and the configured prefix', async () => {
    t = await clients.open({ baseURL: 'https://auth.example.com', advanced: { cookiePrefix: 'gh' } });
    const { response } = await t.json('/sign-up/email', { body: { name: 'S', email: 'secure@example.com', password: 'quiet-meadow-4821' } });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^__Secure-gh\.session_token=/);
    expect(cookie).toContain('; Secure');
  });

  it('caps Max-Age at 400 days', async () => {
    t = await clients.open({ session: { expiresIn: 3 * 365 * 86400 } });
    const { response } = await t.json('/sign-up/email', { body: { name: 'S', email: 'long@example.com', password: 'quiet-meadow-4821' } });
    expect(response.headers.getSetCookie()[0]).toContain(`Max-Age=${400 * 86400}`);
  });

  it('refuses a cookie cache larger than 4093 characters', async () => {
    t = await clients.open({ session: { cookieCache: { enabled: true } } });
    const r = await t.json('/sign-up/email', { body: { name: 'N'.repeat(5000), email: 'big@example.com', password: 'quiet-meadow-4821' } });
    expect(r.data).toMatchObject({ code: 'SESSION_DATA_TOO_LARGE' });
  });
});

describe('fresh sessions', () => {
  it('is fresh within freshAge of creation and not after; freshAge 0 disables the check', async () => {
    t = await clients.open();
    await t.signUp();
    const ctx = await t.auth.context();
    const [row] = await ctx.adapter.findMany('session');
    expect(ctx.sessions.isFresh(row as never)).toBe(true);
    t.clock.advance(86401);
    expect(ctx.sessions.isFresh(row as never)).toBe(false);
    await t.auth.close();
    t = await clients.open({ session: { freshAge: 0 } });
    await t.signUp();
    const ctx2 = await t.auth.context();
    t.clock.advance(10 * 86400);
    expect(ctx2.sessions.isFresh((await ctx2.adapter.findMany('session'))[0] as never)).toBe(true);
  });
});
