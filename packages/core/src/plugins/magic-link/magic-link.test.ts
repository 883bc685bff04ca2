import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, type Mail, type TestClient, uniqueEmail, type UserRow, useTestClients } from '../../test-kit.js';
import type { MagicLinkOptions } from './config.js';

const SESSION = 'better-auth.session_token';
const TWO_FACTOR = 'better-auth.two_factor';
const PASSWORD = 'correct horse battery';

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup(magicLink: MagicLinkOptions = {}, options: GatehouseOptions = {}) {
  ({ t, mails } = await clients.openWithMail({ magicLink: { enabled: true, ...magicLink }, ...options }));
  return t.auth.context();
}

const ask = (body: Record<string, unknown>, init: { ip?: string; jar?: CookieJar | null } = {}) => t.json('/sign-in/magic-link', { body, jar: null, ...init });

/** The link of the last mail to `email` (on a line of its own in the plain-text body). */
function linkTo(email: string): string {
  const mail = mails.filter((m) => m.to === email.toLowerCase()).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const line = mail.text.split('\n').find((l) => /^https?:\/\/\S+$/.test(l));
  if (!line) throw new Error(`no link in mail to ${email}:\n${mail.text}`);
  return line;
}

/** The same link without its landings: the JSON-answering form an API client uses. */
const bare = (link: string) => {
  const url = new URL(link);
  for (const k of ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL']) url.searchParams.delete(k);
  return url.toString();
};

/** Follows a link in `jar`: the answer's status, Location and whether a session cookie came with it. */
async function open(link: string, jar: CookieJar = t.newJar()) {
  const response = await t.request(link, { jar });
  const cookies = response.headers.getSetCookie();
  return {
    status: response.status,
    location: response.headers.get('location'),
    session: cookies.some((c) => c.startsWith(`${SESSION}=`) && !/Max-Age=0/i.test(c)),
    twoFactor: cookies.some((c) => c.startsWith(`${TWO_FACTOR}=`) && !/Max-Age=0/i.test(c)),
    jar,
    response,
  };
}

const sessionOf = async (jar: CookieJar) =>
  (await t.json<{ user: { email: string; emailVerified: boolean; name: string } } | null>('/get-session', { jar })).data;

async function audits(type: string) {
  const ctx = await t.auth.context();
  return ctx.adapter.findMany<{ userId: string | null; details: Record<string, unknown> | null }>('auditEvent', {
    where: [{ field: 'type', value: type }],
    sortBy: { field: 'createdAt', direction: 'asc' },
  });
}

describe('magic link: off unless configured', () => {
  it('has no routes and says so in /providers when not enabled', async () => {
    t = await clients.open();
    expect((await t.json('/sign-in/magic-link', { body: { email: uniqueEmail() } })).status).toBe(404);
    expect((await t.json('/magic-link/verify?token=x')).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.magicLink).toBe(false);
  });

  it('says so in /providers when enabled', async () => {
    await setup();
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.magicLink).toBe(true);
  });
});

describe('POST /sign-in/magic-link', () => {
  it('mails a known address a link to /magic-link/verify with its landing, on a line of its own', async () => {
    await setup();
    const { email } = await t.signUp({ name: 'Mia' }, t.newJar());
    const r = await ask({ email: email.toUpperCase(), callbackURL: '/dashboard' });
    expect({ status: r.status, data: r.data }).toEqual({ status: 200, data: { status: true } });
    expect(r.response.headers.getSetCookie()).toEqual([]);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Your sign-in link' });
    expect(mail.text).toContain('Hello Mia,');
    expect(mail.text).toContain('The link is valid for 5 minutes and works once.');
    const link = new URL(linkTo(email));
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/api/auth/magic-link/verify');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(link.searchParams.get('callbackURL')).toBe('/dashboard');
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));
  });

  it('names `/` as the landing when none is given, and passes the new-user and error landings on', async () => {
    await setup();
    const email = uniqueEmail('land');
    await ask({ email });
    expect(new URL(linkTo(email)).searchParams.get('callbackURL')).toBe('/');
    await ask({ email, callbackURL: '/in', newUserCallbackURL: '/welcome', errorCallbackURL: '/oops' });
    const params = Object.fromEntries(new URL(linkTo(email)).searchParams);
    expect(params).toMatchObject({ callbackURL: '/in', newUserCallbackURL: '/welcome', errorCallbackURL: '/oops' });
  });

  it('mails an unknown address a link that creates the account', async () => {
    await setup();
    const email = uniqueEmail('new');
    expect((await ask({ email, name: 'Nia New' })).data).toEqual({ status: true });
    expect(mails.at(-1)).toMatchObject({ to: email, subject: 'Your link to create an account' });
    expect(mails.at(-1)!.text).toContain('There is no account for it yet');
  });

  it('refuses a malformed address (400 INVALID_EMAIL) and a body without one (400 VALIDATION_ERROR)', async () => {
    await setup();
    expect(await ask({ email: 'not-an-address' })).toMatchObject({ status: 400, data: { code: 'INVALID_EMAIL', message: 'Invalid email' } });
    const r = await ask({ name: 'x' });
    expect(r).toMatchObject({ status: 400, data: { code: 'VALIDATION_ERROR', issues: [{ field: 'email' }] } });
    expect((await ask({ email: uniqueEmail(), name: 'n'.repeat(256) })).status).toBe(400);
    expect(mails).toEqual([]);
  });

  it('refuses an untrusted callbackURL, newUserCallbackURL or errorCallbackURL (403) and mails nothing', async () => {
    await setup({}, { trustedOrigins: ['https://app.example.com'] });
    const email = uniqueEmail('redir');
    for (const [field, code] of [
      ['callbackURL', 'INVALID_CALLBACK_URL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
    ] as const) {
      for (const bad of ['https://evil.example.net/x', '//evil.example.net/x', 'javascript:alert(1)']) {
        const r = await ask({ email, [field]: bad });
        expect({ status: r.status, code: r.data.code }, `${field} ${bad}`).toEqual({ status: 403, code });
      }
    }
    expect(mails).toEqual([]);
    expect((await ask({ email, callbackURL: 'https://app.example.com/home' })).status).toBe(200);
    expect(new URL(linkTo(email)).searchParams.get('callbackURL')).toBe('https://app.example.com/home');
  });

  it('refuses a request from an untrusted origin (403 INVALID_ORIGIN)', async () => {
    await setup();
    const r = await t.json('/sign-in/magic-link', { body: { email: uniqueEmail() }, headers: { origin: 'https://evil.example.net' }, jar: null });
    expect(r).toMatchObject({ status: 403, data: { code: 'INVALID_ORIGIN' } });
  });

  it('with disableSignUp: the same answer for an unknown address, but no mail and nothing stored', async () => {
    const ctx = await setup({ disableSignUp: true });
    const { email } = await t.signUp({}, t.newJar());
    const unknown = await ask({ email: uniqueEmail('nobody') });
    const known = await ask({ email });
    expect({ status: unknown.status, data: unknown.data }).toEqual({ status: 200, data: { status: true } });
    expect({ status: known.status, data: known.data }).toEqual({ status: 200, data: { status: true } });
    expect(mails.map((m) => m.to)).toEqual([email]);
    const rows = await ctx.adapter.findMany('verification', { where: [{ field: 'identifier', value: 'magic-link:', operator: 'starts_with' }] });
    expect(rows).toHaveLength(1);
  });

  it("uses the library user's sendMagicLink instead of the built-in mail", async () => {
    const sent: unknown[] = [];
    await setup({ sendMagicLink: async (m) => void sent.push(m) });
    const { email } = await t.signUp({}, t.newJar());
    await ask({ email });
    await ask({ email: 'Fresh.One@Example.com' });
    expect(mails).toEqual([]);
    expect(sent).toEqual([
      { email, url: expect.stringMatching(/^http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?token=/), token: expect.any(String), newUser: false },
      { email: 'fresh.one@example.com', url: expect.any(String), token: expect.any(String), newUser: true },
    ]);
    const first = sent[0] as { url: string; token: string };
    expect(new URL(first.url).searchParams.get('token')).toBe(first.token);
    expect((await open(first.url)).session).toBe(true);
  });

  it('answers 200 when the mail cannot go out, and the unsent link is gone', async () => {
    const ctx = await setup({
      sendMagicLink: async () => {
        throw new Error('550 mailbox unavailable');
      },
    });
    const r = await ask({ email: uniqueEmail('bounce') });
    expect({ status: r.status, data: r.data }).toEqual({ status: 200, data: { status: true } });
    expect(await ctx.adapter.findMany('verification', { where: [{ field: 'identifier', value: 'magic-link:', operator: 'starts_with' }] })).toEqual([]);
  });
});

describe('rate limits', () => {
  it('at most 5 links per address in 15 minutes, for known and unknown addresses alike, whoever asks', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    for (const address of [email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await ask({ email: address }, { ip: `10.0.0.${i + 1}` })).status, `${address} #${i + 1}`).toBe(200);
      // Another spelling of the same address is the same address.
      const sixth = await ask({ email: ` ${address.toUpperCase()} ` }, { ip: '10.0.1.1' });
      expect({ status: sixth.status, data: sixth.data }).toEqual({
        status: 429,
        data: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      });
      expect(Number(sixth.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(mails.filter((m) => m.to === email)).toHaveLength(5);
    t.clock.advance(901);
    expect((await ask({ email })).status).toBe(200);
  });

  it('perAddress is configurable', async () => {
    await setup({ perAddress: { window: 60, max: 1 } });
    const email = uniqueEmail('once');
    expect((await ask({ email })).status).toBe(200);
    expect((await ask({ email })).status).toBe(429);
    t.clock.advance(61);
    expect((await ask({ email })).status).toBe(200);
  });

  it('with rate limiting on: 5 requests a minute per client, and 10 link openings', async () => {
    await setup({}, { rateLimit: { enabled: true } });
    for (let i = 0; i < 5; i++) expect((await ask({ email: uniqueEmail(`ip${i}`) }, { ip: '192.0.2.7' })).status).toBe(200);
    expect(await ask({ email: uniqueEmail('ip6') }, { ip: '192.0.2.7' })).toMatchObject({ status: 429, data: { code: 'TOO_MANY_REQUESTS' } });
    expect((await ask({ email: uniqueEmail('other') }, { ip: '192.0.2.8' })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.request('/magic-link/verify?token=nope&callbackURL=/', { jar: null, ip: '192.0.2.9' })).status);
    expect(statuses).toEqual([...Array(10).fill(302), 429]);
  });
});

describe('GET /magic-link/verify', () => {
  it('signs a known person in and lands on callbackURL; the audit says magic-link', async () => {
    await setup();
    const { email, data } = await t.signUp({}, t.newJar());
    await ask({ email, callbackURL: '/dashboard', newUserCallbackURL: '/welcome' });
    const r = await open(linkTo(email));
    expect({ status: r.status, location: r.location, session: r.session }).toEqual({ status: 302, location: '/dashboard', session: true });
    expect((await sessionOf(r.jar))?.user.email).toBe(email);
    const userId = (data.user as { id: string }).id;
    expect(await audits('sign-in.success')).toContainEqual(expect.objectContaining({ userId, details: { method: 'magic-link' } }));
    expect(await audits('sign-up')).toHaveLength(1);
  });

  it('creates the account of an unknown address (email verified, name kept) and lands on newUserCallbackURL', async () => {
    const ctx = await setup();
    const email = uniqueEmail('fresh');
    await ask({ email, name: '  Fay Fresh ', callbackURL: '/dashboard', newUserCallbackURL: '/welcome' });
    const r = await open(linkTo(email));
    expect({ status: r.status, location: r.location, session: r.session }).toEqual({ status: 302, location: '/welcome', session: true });
    expect(await sessionOf(r.jar)).toMatchObject({ user: { email, emailVerified: true, name: 'Fay Fresh' } });
    const user = await ctx.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
    // No password: the person may set one from the account page.
    expect(await ctx.adapter.findMany('account', { where: [{ field: 'userId', value: user!.id }] })).toEqual([]);
    expect(await audits('sign-up')).toEqual([expect.objectContaining({ userId: user!.id, details: { method: 'magic-link' } })]);
    // Without newUserCallbackURL a new user lands on callbackURL; without a name the name is empty.
    const other = uniqueEmail('plain');
    await ask({ email: other, callbackURL: '/dashboard' });
    const second = await open(linkTo(other));
    expect(second.location).toBe('/dashboard');
    expect((await sessionOf(second.jar))?.user.name).toBe('');
  });

  it('verifies the email of a known person who had not verified it', async () => {
    await setup({}, { emailAndPassword: { enabled: true, requireEmailVerification: true } });
    const { email } = await t.signUp({}, t.newJar());
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: null })).status).toBe(403);
    await ask({ email });
    const r = await open(linkTo(email));
    expect(r.session).toBe(true);
    expect((await sessionOf(r.jar))?.user.emailVerified).toBe(true);
    expect(await audits('email.verify')).toHaveLength(1);
  });

  it('works once: a used link lands on errorCallbackURL (else callbackURL) with ?error=INVALID_TOKEN', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await ask({ email, callbackURL: '/dashboard?tab=1', errorCallbackURL: '/magic-link/error' });
    const link = linkTo(email);
    expect((await open(link)).session).toBe(true);
    const again = await open(link);
    expect({ status: again.status, location: again.location, session: again.session }).toEqual({
      status: 302,
      location: '/magic-link/error?error=INVALID_TOKEN',
      session: false,
    });
    const url = new URL(link);
    url.searchParams.delete('errorCallbackURL');
    expect((await open(url.toString())).location).toBe('/dashboard?tab=1&error=INVALID_TOKEN');
  });

  it('expires after 5 minutes: ?error=EXPIRED_TOKEN, and the expired link is gone', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await ask({ email, errorCallbackURL: '/oops' });
    const late = linkTo(email);
    await ask({ email });
    const inTime = linkTo(email);
    t.clock.advance(299);
    expect((await open(inTime)).session).toBe(true);
    t.clock.advance(2);
    const r = await open(late);
    expect({ location: r.location, session: r.session }).toEqual({ location: '/oops?error=EXPIRED_TOKEN', session: false });
    t.clock.advance(1);
    expect((await open(late)).location).toBe('/oops?error=INVALID_TOKEN');
    const failures = await audits('sign-in.failure');
    expect(failures.map((f) => f.details)).toEqual([
      { method: 'magic-link', reason: 'expired' },
      { method: 'magic-link', reason: 'invalid' },
    ]);
    expect(failures[0]!.userId).toBeTruthy();
  });

  it('expiresIn is configurable, and the mail says so', async () => {
    await setup({ expiresIn: 60 });
    const email = uniqueEmail('short');
    await ask({ email, callbackURL: '/' });
    expect(mails.at(-1)!.text).toContain('The link is valid for 1 minute and works once.');
    t.clock.advance(61);
    expect((await open(linkTo(email))).location).toBe('/?error=EXPIRED_TOKEN');
  });

  it('a forged, truncated or missing token lands with ?error=INVALID_TOKEN', async () => {
    await setup();
    for (const q of ['token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'token=short', 'token=', '']) {
      const r = await open(`/magic-link/verify?${q}${q ? '&' : ''}callbackURL=%2Fhome`);
      expect({ status: r.status, location: r.location, session: r.session }, q).toEqual({ status: 302, location: '/home?error=INVALID_TOKEN', session: false });
    }
  });

  it('without a landing it answers JSON: { token, user, session }, or 400 INVALID_TOKEN / EXPIRED_TOKEN', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await ask({ email });
    const link = bare(linkTo(email));
    const jar = t.newJar();
    const ok = await t.json<{ token: string; user: { email: string }; session: Record<string, unknown> }>(link, { jar });
    expect(ok.status).toBe(200);
    expect(ok.data.user.email).toBe(email);
    expect(typeof ok.data.token).toBe('string');
    // The session as get-session shows it (better-auth 1.7 answers it too).
    expect(ok.data.session).toEqual((await t.json<{ session: Record<string, unknown> }>('/get-session', { jar })).data.session);
    expect(ok.data.session.token).toBe(ok.data.token);
    expect(await t.json(link, { jar: null })).toMatchObject({ status: 400, data: { code: 'INVALID_TOKEN', message: 'invalid token' } });
    await ask({ email });
    t.clock.advance(301);
    expect(await t.json(bare(linkTo(email)), { jar: null })).toMatchObject({ status: 400, data: { code: 'EXPIRED_TOKEN', message: 'Token expired' } });
  });

  it('with disableSignUp, a link whose address has no account (any more) creates none: ?error=new_user_signup_disabled', async () => {
    const ctx = await setup({ disableSignUp: true });
    const { email, data } = await t.signUp({}, t.newJar());
    await ask({ email, callbackURL: '/home' });
    const link = linkTo(email);
    await ctx.adapter.delete('user', [{ field: 'id', value: (data.user as { id: string }).id }]);
    const r = await open(link);
    expect({ location: r.location, session: r.session }).toEqual({ location: '/home?error=new_user_signup_disabled', session: false });
    expect(await ctx.adapter.findOne('user', [{ field: 'email', value: email }])).toBeNull();
    // The JSON form says the same in a 403.
    await t.signUp({ email }, t.newJar());
    await ask({ email });
    await ctx.adapter.delete('user', [{ field: 'email', value: email }]);
    expect(await t.json(bare(linkTo(email)), { jar: null })).toMatchObject({ status: 403, data: { code: 'NEW_USER_SIGNUP_DISABLED' } });
  });

  it("a landing on our origin carries the link notice (for the app's `/`); one on another trusted origin does not", async () => {
    await setup({}, { trustedOrigins: ['https://app.example.com'] });
    const { email } = await t.signUp({}, t.newJar());
    await ask({ email });
    const home = await open(linkTo(email));
    const notice = home.response.headers.getSetCookie().find((c) => c.startsWith('better-auth.link_notice='));
    expect(notice).toMatch(/^better-auth\.link_notice=magic-link; Max-Age=60; Path=\/; .*SameSite=Lax/);
    expect(notice).not.toMatch(/HttpOnly/);
    expect((await open(linkTo(email))).response.headers.getSetCookie().find((c) => c.startsWith('better-auth.link_notice='))).toMatch(/Path=\//);
    await ask({ email, callbackURL: 'https://app.example.com/in' });
    const away = await open(linkTo(email));
    expect(away.location).toBe('https://app.example.com/in');
    expect(away.response.headers.getSetCookie().some((c) => c.startsWith('better-auth.link_notice='))).toBe(false);
  });

  it('refuses a link whose landing was changed to an untrusted one (403), and leaves it usable', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await ask({ email });
    const link = new URL(linkTo(email));
    for (const [field, code] of [
      ['callbackURL', 'INVALID_CALLBACK_URL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
    ] as const) {
      const tampered = new URL(link);
      tampered.searchParams.set(field, 'https://evil.example.net/');
      const r = await open(tampered.toString());
      expect({ status: r.status, location: r.location, session: r.session }, field).toEqual({ status: 403, location: null, session: false });
      expect((await r.response.json()).code).toBe(code);
    }
    expect((await open(link.toString())).session).toBe(true);
  });

  it('a banned person lands on the error landing with ?error=BANNED_USER and no session; the link is used up', async () => {
    const ctx = await setup();
    const { email, data } = await t.signUp({}, t.newJar());
    await ctx.adapter.update('user', [{ field: 'id', value: (data.user as { id: string }).id }], { banned: true, banReason: 'spam' });
    await ask({ email, callbackURL: '/home', errorCallbackURL: '/magic-link/error' });
    const link = linkTo(email);
    const r = await open(link);
    expect({ location: r.location, session: r.session }).toEqual({ location: '/magic-link/error?error=BANNED_USER', session: false });
    expect((await open(link)).location).toBe('/magic-link/error?error=INVALID_TOKEN');
    await ask({ email });
    expect(await t.json(bare(linkTo(email)), { jar: null })).toMatchObject({
      status: 403,
      data: { code: 'BANNED_USER', message: 'You have been banned from this application' },
    });
  });

  it('a person with two-factor on is asked for the second factor, then signed in (audit: magic-link)', async () => {
    await setup();
    const jar = t.newJar();
    const { email, data } = await t.signUp({}, jar);
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
    const otp = URI.parse(enable.data.totpURI) as TOTP;
    await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar });
    t.clock.advance(60);
    // A verified account: an unverified one would be adopted by the link, its second factor removed (pre-hijacking.test.ts).
    await (await t.auth.context()).adapter.update('user', [{ field: 'email', value: email }], { emailVerified: true });

    await ask({ email, callbackURL: '/magic-link' });
    const r = await open(linkTo(email));
    expect({ status: r.status, location: r.location, session: r.session, twoFactor: r.twoFactor }).toEqual({
      status: 302,
      location: '/magic-link?twoFactorRedirect=true',
      session: false,
      twoFactor: true,
    });
    expect(await sessionOf(r.jar)).toBeNull();
    const verified = await t.json<{ user: { email: string } }>('/two-factor/verify-totp', {
      body: { code: otp.generate({ timestamp: t.clock.ms }) },
      jar: r.jar,
    });
    expect(verified.status).toBe(200);
    expect((await sessionOf(r.jar))?.user.email).toBe(email);
    const userId = (data.user as { id: string }).id;
    const successes = (await audits('sign-in.success')).filter((e) => e.userId === userId);
    expect(successes.at(-1)?.details).toEqual({ method: 'magic-link', secondFactor: true });
    // JSON form: the interception itself.
    await ask({ email });
    expect((await t.json(bare(linkTo(email)), { jar: t.newJar() })).data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
  });

  it('a password sign-in after a magic-link one still audits as password (the pending method is per sign-in)', async () => {
    await setup();
    const { email, data } = await t.signUp({}, t.newJar());
    // A verified account: an unverified one would be adopted by the link, its password removed (pre-hijacking.test.ts).
    await (await t.auth.context()).adapter.update('user', [{ field: 'email', value: email }], { emailVerified: true });
    await ask({ email });
    await open(linkTo(email));
    // A second later: events of the same instant have no order.
    t.clock.advance(1);
    await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: t.newJar() });
    const userId = (data.user as { id: string }).id;
    expect((await audits('sign-in.success')).filter((e) => e.userId === userId).map((e) => e.details)).toEqual([
      { method: 'magic-link' },
      { method: 'password' },
    ]);
  });
});
