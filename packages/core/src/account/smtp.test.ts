import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../logger.js';
import { useTestClients, silentLogger, uniqueEmail, type TestClient } from '../test/harness.js';
import { startSmtpSink, type CapturedMail, type SmtpSink } from '../test/smtp-sink.js';

/** The account mails over real SMTP (nodemailer → loopback sink), links read out of the received messages. */
let sink: SmtpSink;
let t: TestClient;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => sink?.close());
const clients = useTestClients();

const actionLine = (m: CapturedMail, path: string) => m.text.split('\n').find((l) => l.startsWith('http') && l.includes(path))!;

describe('account mails through SMTP', () => {
  it('sign-up verification: a multipart mail whose plain text has the link on its own line', async () => {
    t = await clients.open({ email: { smtp: sink.url, from: 'Acme <no-reply@acme.test>' }, emailVerification: { sendOnSignUp: true } });
    const email = uniqueEmail('smtp');
    await t.signUp({ email, name: '<b>Eve & "Co"</b>', callbackURL: '/welcome' });
    const mail = await sink.waitFor(email, (m) => m.subject === 'Verify your email address');
    expect(mail.headers.from).toBe('Acme <no-reply@acme.test>');
    expect(mail.raw).toMatch(/multipart\/alternative/i);
    const link = actionLine(mail, '/verify-email');
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fwelcome$/);
    expect(mail.links).toContain(link);
    expect(mail.text).toContain('Hello <b>Eve & "Co"</b>,');
    expect(mail.text).toContain('— Acme');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve &amp; &quot;Co&quot;&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    const r = await t.request(link);
    expect(r.headers.get('location')).toBe('/welcome');
    expect((await t.json<{ user: { emailVerified: boolean } }>('/get-session')).data.user.emailVerified).toBe(true);
  });

  it('password reset end to end', async () => {
    t = await clients.open({ email: { smtp: sink.url } });
    const { email } = await t.signUp({ email: uniqueEmail('smtp') });
    await t.json('/forget-password', { body: { email, redirectTo: 'http://localhost:3000/reset' }, jar: null });
    const mail = await sink.waitFor(email, (m) => m.subject === 'Reset your password');
    const link = actionLine(mail, '/reset-password/');
    const landing = await t.request(link, { jar: null });
    const target = new URL(landing.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3000/reset');
    const token = target.searchParams.get('token')!;
    expect(link).toBe(`http://localhost:3000/api/auth/reset-password/${token}?callbackURL=http%3A%2F%2Flocalhost%3A3000%2Freset`);
    expect((await t.json('/reset-password', { body: { newPassword: 'reset over smtp', token }, jar: null })).status).toBe(200);
    expect((await t.json('/reset-password', { body: { newPassword: 'reset over smtp', token }, jar: null })).status).toBe(400);
    expect((await t.json('/sign-in/email', { body: { email, password: 'reset over smtp' }, jar: null })).status).toBe(200);
  });

  it('change of a verified address: confirm at the old address, verify at the new one', async () => {
    t = await clients.open({ email: { smtp: sink.url }, emailVerification: { sendOnSignUp: true } });
    const { email } = await t.signUp({ email: uniqueEmail('smtp') });
    await t.request(actionLine(await sink.waitFor(email), '/verify-email'));
    const newEmail = uniqueEmail('smtp-new');
    await t.json('/change-email', { body: { newEmail } });
    const confirm = await sink.waitFor(email, (m) => m.subject === 'Confirm your email change');
    expect((await t.request(actionLine(confirm, '/verify-email'))).headers.get('location')).toBe('/');
    const verify = await sink.waitFor(newEmail, (m) => m.subject === 'Verify your email address');
    await t.json(actionLine(verify, '/verify-email'));
    expect((await t.json<{ user: { email: string; emailVerified: boolean } }>('/get-session')).data.user).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
  });

  it('account deletion by mailed link', async () => {
    t = await clients.open({ email: { smtp: sink.url } });
    const { email } = await t.signUp({ email: uniqueEmail('smtp') });
    expect((await t.json('/delete-user', { body: { callbackURL: '/bye' } })).data).toEqual({ success: true, message: 'Verification email sent' });
    const mail = await sink.waitFor(email, (m) => m.subject === 'Confirm account deletion');
    const link = actionLine(mail, '/delete-user/callback');
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/delete-user\/callback\?token=[a-z0-9]{32}&callbackURL=%2Fbye$/);
    expect((await t.request(link)).headers.get('location')).toBe('/bye');
    expect((await t.json('/sign-in/email', { body: { email, password: 'correct horse battery' }, jar: null })).status).toBe(401);
  });
});

describe('a failing SMTP server', () => {
  let closedPort: number;
  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });

  const MAIL_FAILED = { message: 'Unable to send email. Please try again later.', code: 'MAIL_DELIVERY_FAILED' };

  function capturingLogger() {
    const errors: string[] = [];
    const logger: Logger = { ...silentLogger, error: (_o, m) => void errors.push(String(m)) };
    return { logger, errors };
  }
  const verificationCount = async () => (await t.auth.context()).adapter.count('verification');

  it('gives a clear 503, logs it, and leaves no token behind (closed port)', async () => {
    const { logger, errors } = capturingLogger();
    t = await clients.open({ email: { smtp: `smtp://127.0.0.1:${closedPort}` }, logger });
    const { email } = await t.signUp();

    // Anyone may ask about any address: the answer is the same as for an unknown one,
    // the failure is logged, and the unsent link is removed.
    const reset = await t.json('/forget-password', { body: { email } });
    expect(reset).toMatchObject({ status: 200, data: { status: true } });
    expect(await verificationCount()).toBe(0);
    expect(errors.some((m) => m.includes('mail delivery failed (reset-password)'))).toBe(true);

    const del = await t.json('/delete-user', { body: {} });
    expect(del).toMatchObject({ status: 503, data: MAIL_FAILED });
    expect(await verificationCount()).toBe(0);
    expect((await t.json('/get-session')).data).not.toBeNull();

    expect(await t.json('/send-verification-email', { body: { email } })).toMatchObject({ status: 200, data: { status: true } });
    expect(errors.some((m) => m.includes('mail delivery failed (verification)'))).toBe(true);

    const newEmail = uniqueEmail('never');
    expect(await t.json('/change-email', { body: { newEmail } })).toMatchObject({ status: 503, data: MAIL_FAILED });
    // The unverified user's address did not change without its verification mail.
    expect((await t.json<{ user: { email: string } }>('/get-session')).data.user.email).toBe(email);
  });

  it('a refused message (550) leaves no reset token; the next request works', async () => {
    t = await clients.open({ email: { smtp: sink.url } });
    const { email } = await t.signUp({ email: uniqueEmail('refused') });
    sink.failNext();
    expect(await t.json('/forget-password', { body: { email } })).toMatchObject({ status: 200, data: { status: true } });
    expect(await verificationCount()).toBe(0);
    expect((await t.json('/forget-password', { body: { email } })).status).toBe(200);
    expect(await verificationCount()).toBe(1);
    await sink.waitFor(email, (m) => m.subject === 'Reset your password');
  });
});
