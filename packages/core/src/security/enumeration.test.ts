import { createHash } from 'node:crypto';
import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, uniqueEmail, type CookieJar, type TestClient } from '../test/harness.js';
import { timingRatioWithRetries } from '../test/timing.js';

/**
 * Issue 9, item 5: per-identity lockout on every sign-in path, and no answer (body,
 * status, cookies, timing) that tells whether an account exists.
 * The basic email/username lockout is in security/lockout.test.ts.
 * The findings this suite made and their fixes are listed in SECURITY.md.
 */

const PASSWORD = 'correct horse battery';
const LOCKED = { status: 429, data: { message: 'Too many failed attempts. Please try again later.', code: 'TOO_MANY_FAILED_ATTEMPTS' } };

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  ({ t, mails } = await clients.openWithMail(options));
  return t.auth.context();
}

const signIn = (email: string, password: string, jar: CookieJar | null = null) => t.json('/sign-in/email', { body: { email, password }, jar });

/** Signs up, enables and confirms two-factor; answers what the second-factor routes need. */
async function enrolled() {
  const jar = t.newJar();
  const { email } = await t.signUp({}, jar);
  const enable = await t.json<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
  const otp = URI.parse(enable.data.totpURI) as TOTP;
  await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar });
  t.clock.advance(60);
  return { email, otp, backupCodes: enable.data.backupCodes };
}

describe('lockout on every sign-in path', () => {
  it('email: the lock holds for every spelling of the address (case, width, spaces)', async () => {
    await setup({ lockout: { maxAttempts: 3 } });
    const { email } = await t.signUp({ email: uniqueEmail('spell') }, t.newJar());
    const fullwidth = email.replace(/[a-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
    const spellings = [email.toUpperCase(), ` ${email} `, fullwidth];
    for (const s of spellings) expect((await signIn(s, 'wrong-password')).status, s).toBe(401);
    for (const s of [email, ...spellings]) expect({ ...(await signIn(s, PASSWORD)), response: undefined }, s).toMatchObject(LOCKED);
  });

  it('username: a lock by username does not open by another case', async () => {
    await setup({ lockout: { maxAttempts: 2 } });
    await t.signUp({ username: 'Victim_1' }, t.newJar());
    for (const u of ['victim_1', 'VICTIM_1']) await t.json('/sign-in/username', { body: { username: u, password: 'wrong-password' }, jar: null });
    const r = await t.json('/sign-in/username', { body: { username: 'Victim_1', password: PASSWORD }, jar: null });
    expect({ status: r.status, data: r.data }).toEqual(LOCKED);
  });

  /**
   * Repeated wrong second factors lock the account like wrong passwords do. Today each
   * pending sign-in allows 5 tries (plugins/two-factor/pending.ts takeAttempt) but a new
   * password sign-in opens 5 more, and the password success resets the identity lock:
   * unlimited guesses of a 6-digit code for anyone who has the password.
   * Fix: plugins/two-factor/challenge.ts failChallenge → auth.lockout.fail(`two-factor:${userId}`),
   * openChallenge → auth.lockout.begin(`two-factor:${userId}`) (and passChallenge → succeed).
   */
  const secondFactors: [string, (jar: CookieJar, me: Awaited<ReturnType<typeof enrolled>>, right: boolean) => Promise<number>][] = [
    [
      'TOTP',
      async (jar, me, right) =>
        (await t.json('/two-factor/verify-totp', { body: { code: right ? me.otp.generate({ timestamp: t.clock.ms }) : '000000' }, jar })).status,
    ],
    [
      'email OTP',
      async (jar, _me, right) => {
        if (!right) return (await t.json('/two-factor/verify-otp', { body: { code: '000000' }, jar })).status;
        await t.json('/two-factor/send-otp', { method: 'POST', jar });
        const code = mails
          .at(-1)!
          .text.split('\n')
          .find((l) => /^\d{6}$/.test(l))!;
        return (await t.json('/two-factor/verify-otp', { body: { code }, jar })).status;
      },
    ],
    [
      'backup code',
      async (jar, me, right) => (await t.json('/two-factor/verify-backup-code', { body: { code: right ? me.backupCodes[0] : 'aaaaa-aaaaa' }, jar })).status,
    ],
  ];
  for (const [name, attempt] of secondFactors) {
    it(`${name}: wrong second factors across fresh password sign-ins lock the account (plugins/two-factor)`, async () => {
      await setup({ lockout: { maxAttempts: 6, window: 900, duration: 900 } });
      const me = await enrolled();
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++) {
        const jar = t.newJar();
        statuses.push((await signIn(me.email, PASSWORD, jar)).status);
        for (let i = 0; i < 5; i++) statuses.push(await attempt(jar, me, false));
      }
      // 15 wrong codes against a limit of 6: the right code must not get in now.
      const jar = t.newJar();
      const first = (await signIn(me.email, PASSWORD, jar)).status;
      const last = first === 429 ? 429 : await attempt(jar, me, true);
      expect(statuses.every((s) => [200, 401, 429].includes(s))).toBe(true);
      expect(last).toBe(429);
    });
  }

  /**
   * Failures are counted atomically, so concurrent wrong passwords are each counted and
   * the lock engages at the limit. (Attempts are deliberately not booked before their
   * check: that would lock out a person's own parallel sign-ins; bursts from one source
   * meet the rate limit instead. SECURITY.md, residual risks.)
   */
  it('a parallel burst of wrong passwords is counted in full and locks the identity', async () => {
    await setup({ lockout: { maxAttempts: 5 } });
    const { email, password } = await t.signUp({}, t.newJar());
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(email, 'wrong-password')));
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect((await signIn(email, password)).status).toBe(429);
  });

  it('parallel right sign-ins of one person are never locked out', async () => {
    await setup({ lockout: { maxAttempts: 5 } });
    const { email, password } = await t.signUp({}, t.newJar());
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(email, password)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
  });

  /**
   * The OAuth callback reads its state as a verification row by identifier, and deletes
   * whatever row it finds before it parses it. The lockout keeps its state in the same
   * table under `lockout:<sha256(identity)>`, which anyone can compute: one GET wipes
   * the lock. Fix: social/state.ts (createState/consumeState) should store and look up
   * `oauth-state:${state}` and refuse a state that is not 32 alphanumerics, so that no
   * other kind of row can ever be reached through it.
   */
  it('the lock cannot be wiped through the OAuth callback’s state parameter (social/state.ts)', async () => {
    await setup({ lockout: { maxAttempts: 3 } });
    const { email } = await t.signUp({}, t.newJar());
    for (let i = 0; i < 3; i++) await signIn(email, 'wrong-password');
    expect((await signIn(email, PASSWORD)).status).toBe(429);
    const key = `lockout:${createHash('sha256').update(`email:${email.toLowerCase()}`).digest('base64url')}`;
    await t.request(`/callback/google?state=${encodeURIComponent(key)}&code=x`, { jar: null });
    expect((await signIn(email, PASSWORD)).status).toBe(429);
  });
});

describe('answers that say nothing about who has an account', () => {
  type Seen = { status: number; data: unknown; cookies: string[] };
  const seen = (r: { status: number; data: unknown; response: Response }): Seen => ({
    status: r.status,
    data: r.data,
    cookies: r.response.headers.getSetCookie().map((c) => c.split('=')[0]!),
  });

  async function cast(ctx: Awaited<ReturnType<typeof setup>>) {
    const plain = await t.signUp({ email: uniqueEmail('plain') }, t.newJar());
    const banned = await t.signUp({ email: uniqueEmail('banned') }, t.newJar());
    await ctx.adapter.update('user', [{ field: 'email', value: banned.email.toLowerCase() }], { banned: true });
    const twoFactor = await enrolled();
    // A user with only a social login (no password at all).
    const social = await ctx.adapter.create<{ id: string }>('user', { email: uniqueEmail('social'), name: 'S', emailVerified: true });
    await ctx.adapter.create('account', { userId: social!.id, providerId: 'google', accountId: 'g-1' });
    const socialEmail = (await ctx.adapter.findOne<{ email: string }>('user', [{ field: 'id', value: social!.id }]))!.email;
    return { known: [plain.email, banned.email, twoFactor.email, socialEmail], unknown: uniqueEmail('nobody') };
  }

  it('sign-in by email: unknown, wrong password, no password, banned, two-factor — one and the same answer', async () => {
    const ctx = await setup({ lockout: { maxAttempts: 100 } });
    const { known, unknown } = await cast(ctx);
    const expected = seen(await signIn(unknown, 'wrong-password'));
    expect(expected).toEqual({ status: 401, data: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, cookies: [] });
    for (const email of known) expect(seen(await signIn(email, 'wrong-password')), email).toEqual(expected);
  });

  it('sign-in by username: unknown and wrong password — the same answer; a malformed name is 422 whether or not it is stored', async () => {
    const ctx = await setup({ lockout: { maxAttempts: 100 } });
    await t.signUp({ username: 'known_user' }, t.newJar());
    const ask = (username: string) => t.json('/sign-in/username', { body: { username, password: 'wrong-password' }, jar: null });
    const expected = seen(await ask('unknown_user'));
    expect(expected).toEqual({ status: 401, data: { message: 'invalid username or password', code: 'INVALID_USERNAME_OR_PASSWORD' }, cookies: [] });
    for (const u of ['known_user', 'KNOWN_USER']) expect(seen(await ask(u)), u).toEqual(expected);

    // Spec section 8: username errors are 422. No account can have a name the rules refuse, so
    // the answer depends on the name alone; even a row stored before the rules (written here
    // past them) answers exactly like a name nobody has.
    await ctx.adapter.create('user', { name: 'Old', email: uniqueEmail('old'), emailVerified: true, username: 'ab' }, { hooks: false });
    await ctx.adapter.create('user', { name: 'Odd', email: uniqueEmail('odd'), emailVerified: true, username: 'odd name' }, { hooks: false });
    const refused = (code: string, message: string) => ({ status: 422, data: { code, message }, cookies: [] });
    for (const [u, answer] of [
      ['x', refused('USERNAME_TOO_SHORT', 'username is too short')],
      ['ab', refused('USERNAME_TOO_SHORT', 'username is too short')],
      ['zz', refused('USERNAME_TOO_SHORT', 'username is too short')],
      ['y'.repeat(31), refused('USERNAME_TOO_LONG', 'username is too long')],
      ['no spaces!', refused('INVALID_USERNAME', 'username is invalid')],
      ['odd name', refused('INVALID_USERNAME', 'username is invalid')],
    ] as const) {
      expect(seen(await ask(u)), u).toEqual(answer);
    }
  });

  it('forgot-password and send-verification-email: the same answer for every address', async () => {
    const ctx = await setup();
    const { known, unknown } = await cast(ctx);
    for (const path of ['/forget-password', '/request-password-reset', '/send-verification-email']) {
      const expected = seen(await t.json(path, { body: { email: unknown }, jar: null }));
      expect(expected).toEqual({ status: 200, data: { status: true }, cookies: [] });
      for (const email of known) expect(seen(await t.json(path, { body: { email }, jar: null })), `${path} ${email}`).toEqual(expected);
    }
  });

  it('sign-up of a taken address: the spec requires 422, the same whatever the account, and nothing else happens', async () => {
    // Spec section 8 mandates 422 USER_ALREADY_EXISTS, which does tell that the address is
    // taken (see SECURITY.md: rate limits are the mitigation). What must not leak is more than that.
    const ctx = await setup();
    const { known } = await cast(ctx);
    const before = JSON.stringify(await ctx.adapter.findMany('user', { sortBy: { field: 'id', direction: 'asc' } }));
    const sent = mails.length;
    for (const email of known) {
      const r = await t.json('/sign-up/email', { body: { name: 'Again', email: email.toUpperCase(), password: 'quiet-meadow-4821' }, jar: null });
      expect(seen(r), email).toEqual({ status: 422, data: { message: 'User already exists', code: 'USER_ALREADY_EXISTS' }, cookies: [] });
    }
    expect(JSON.stringify(await ctx.adapter.findMany('user', { sortBy: { field: 'id', direction: 'asc' } }))).toBe(before);
    expect(mails.length).toBe(sent);
  });

  /**
   * With mail failing, a known address answers 503 MAIL_DELIVERY_FAILED and an unknown one
   * 200: an outage (or a mailbox that bounces) becomes an account oracle. Fix:
   * account/routes/forget-password.ts (requestReset, the `accountMails.resetPassword` call)
   * and account/routes/send-verification-email.ts: log the failure, drop the token, and
   * answer `{status: true}` as for an unknown address.
   */
  it('with mail failing, forgot-password answers a known address like an unknown one (account/)', async () => {
    mails = [];
    t = await clients.open({
      email: {
        send: async () => {
          throw new Error('550 mailbox unavailable');
        },
      },
    });
    const { email } = await t.signUp({}, t.newJar());
    const unknown = await t.json('/forget-password', { body: { email: uniqueEmail('nobody') }, jar: null });
    const known = await t.json('/forget-password', { body: { email }, jar: null });
    expect({ status: known.status, data: known.data }).toEqual({ status: unknown.status, data: unknown.data });
  });
});

/**
 * A case is 48 password hashes, up to three times (two retries): 6–7 s alone on a VM hashing 15 a second,
 * more beside the other test files; the default 30 s cut one short on such a machine (a timeout, not a ratio).
 */
describe('timing: a known address costs what an unknown one does', { timeout: 120_000 }, () => {
  /**
   * Interleaved pairs, medians (test/timing.ts). Without the dummy scrypt for unknown users the
   * ratio is about 0.01; with it, it is within a few percent. The bound (15 %) is generous for a
   * busy 2-core machine and still fails at once if the defence goes. Two retries.
   */
  async function withinBound(known: () => Promise<unknown>, unknown: () => Promise<unknown>, rounds = 24) {
    const ratio = await timingRatioWithRetries(known, unknown, { rounds });
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.15);
  }

  it('sign-in by email: unknown address vs known address with a wrong password', async () => {
    await setup({ lockout: { enabled: false } });
    const { email } = await t.signUp({}, t.newJar());
    await withinBound(
      () => signIn(email, 'wrong-password'),
      () => signIn(uniqueEmail('ghost'), 'wrong-password'),
    );
  });

  it('sign-in by username: unknown username vs known username with a wrong password', async () => {
    await setup({ lockout: { enabled: false } });
    await t.signUp({ username: 'timed_user' }, t.newJar());
    await withinBound(
      () => t.json('/sign-in/username', { body: { username: 'timed_user', password: 'wrong-password' }, jar: null }),
      () => t.json('/sign-in/username', { body: { username: `ghost_${Math.random().toString(36).slice(2, 10)}`, password: 'wrong-password' }, jar: null }),
    );
  });

  /**
   * forgot-password waits for the mail to be delivered, for known addresses only: with a
   * real SMTP server (tens to hundreds of ms) the answer time tells the address is known.
   * Fix: account/routes/forget-password.ts sends the mail without awaiting it in the
   * request (log failures and drop the token), or pads unknown addresses alike.
   */
  it('forgot-password with a mail server that takes 150 ms (account/)', async () => {
    t = await clients.open({ email: { send: () => new Promise((r) => setTimeout(r, 150)) } });
    const { email } = await t.signUp({}, t.newJar());
    await withinBound(
      () => t.json('/forget-password', { body: { email }, jar: null, settle: false }),
      () => t.json('/forget-password', { body: { email: uniqueEmail('ghost') }, jar: null, settle: false }),
      // Under a millisecond a call in process: many more rounds than the scrypt cases, so that
      // load on the machine cannot move the median by the bound (medians of 24 moved by a quarter).
      200,
    );
  });
});
