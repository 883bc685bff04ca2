import { TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import { codeIn } from '../plugins/email-otp/test-kit.js';
import { linkIn, type TestClient, uniqueEmail, useTestClients } from '../test/harness.js';

/**
 * Mails in the recipient's language: the `locale` stored on the user (set at sign-up from the
 * body or Accept-Language, changed through /update-user), else the asking request's language.
 * Links and codes stay alone on their own lines; English mails are what they always were.
 * On the dialect of TEST_DIALECT (the locale column is read and written there).
 */
const clients = useTestClients();
let t: TestClient;
let mails: Mail[];
const password = 'quiet-meadow-4821';

async function signUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const email = uniqueEmail('lang');
  const r = await t.json('/sign-up/email', { body: { name: 'Ada', email, password, ...body }, headers, jar: t.newJar() });
  expect(r.status, JSON.stringify(r.data)).toBe(200);
  return { email, user: r.data.user as Record<string, unknown> };
}
const storedLocale = async (email: string) => (await (await t.auth.context()).adapter.findOne('user', [{ field: 'email', value: email }]))?.locale;

describe('the verification mail at sign-up', () => {
  it('is German for Accept-Language: de, its link alone on a line; the user keeps "de" (never answered)', async () => {
    ({ t, mails } = await clients.openWithMail({ emailVerification: { sendOnSignUp: true } }));
    const { email, user } = await signUp({}, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(user).not.toHaveProperty('locale');
    expect(await storedLocale(email)).toBe('de');
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Guten Tag Ada,');
    expect(lines).toContain('Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, indem Sie den folgenden Link öffnen.');
    expect(lines).toContain('Der Link ist 1 Stunde gültig.');
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s]+&callbackURL=%2F$/);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link:');
  });

  it('is exactly the English mail of before without the header, and stores no locale', async () => {
    ({ t, mails } = await clients.openWithMail({ emailVerification: { sendOnSignUp: true } }));
    const { email } = await signUp({});
    expect(await storedLocale(email)).toBeNull();
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        '',
        'Please confirm that this is your email address by opening the link below.',
        '',
        linkIn(mail),
        '',
        'The link is valid for 1 hour.',
        '',
        'If you did not ask for this, you can ignore this mail.',
        '',
        '— Gatehouse',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('If the button does not work, open this link:');
  });

  it('follows a `locale` in the sign-up body over the header; a malformed one is refused by field', async () => {
    ({ t, mails } = await clients.openWithMail({ emailVerification: { sendOnSignUp: true } }));
    const { email } = await signUp({ locale: 'fr-CA' }, { 'accept-language': 'de' });
    expect(await storedLocale(email)).toBe('fr-CA');
    expect(mails.at(-1)!.subject).toBe('Vérifiez votre adresse e-mail');
    expect(mails.at(-1)!.text.split('\n')[0]).toBe('Bonjour Ada,');
    const bad = await t.json('/sign-up/email', { body: { name: 'B', email: uniqueEmail(), password, locale: 'not a tag' }, jar: null });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ field: 'locale', message: 'locale must be a language tag such as "de" or "pt-BR"' }],
    });
  });
});

describe("the user's language, changed and used later", () => {
  it('update-user { locale } changes the language of the next mails (reset password in Spanish, whatever the request says)', async () => {
    ({ t, mails } = await clients.openWithMail());
    const jar = t.newJar();
    const email = uniqueEmail('lang');
    await t.json('/sign-up/email', { body: { name: 'Ada', email, password }, jar });
    const changed = await t.json('/update-user', { body: { locale: 'es' }, jar });
    expect(changed.data).toEqual({ status: true });
    expect(await storedLocale(email)).toBe('es');
    const session = await t.json<{ user: Record<string, unknown> }>('/get-session', { jar });
    expect(session.data.user).not.toHaveProperty('locale');
    await t.json('/request-password-reset', { body: { email }, jar: null, headers: { 'accept-language': 'de' } });
    const mail = mails.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Restablezca su contraseña');
    expect(mail.text.split('\n')[0]).toBe('Hola, Ada:');
    expect(mail.text).toContain('El enlace es válido durante 1 hora y solo puede usarse una vez.');
    expect(linkIn(mail)).toContain('/reset-password/');
  });

  it('the lockout notice is in the user language', async () => {
    ({ t, mails } = await clients.openWithMail({ lockout: { maxAttempts: 2, window: 600, duration: 300 } }));
    const { email } = await signUp({ locale: 'de' });
    for (let i = 0; i < 2; i++) await t.json('/sign-in/email', { body: { email, password: 'wrong-password' }, jar: null });
    await new Promise((r) => setTimeout(r, 20));
    const notice = mails.filter((m) => m.to === email).at(-1)!;
    expect(notice.subject).toBe('Anmeldung nach fehlgeschlagenen Versuchen pausiert');
    expect(notice.text).toBe(
      'Guten Tag Ada,\n\nEs gab 2 fehlgeschlagene Versuche, sich bei Ihrem Konto anzumelden. Die Anmeldung ist daher für 5 Minuten pausiert.\nFalls Sie das nicht waren, sollten Sie Ihr Passwort ändern, sobald Sie sich wieder anmelden können.\n',
    );
  });
});

describe('mails to an address without an account: the asking request decides', () => {
  it('an email OTP code in French, the code alone on its line', async () => {
    ({ t, mails } = await clients.openWithMail({ emailOTP: { enabled: true } }));
    const email = uniqueEmail('otp');
    await t.json('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, jar: null, headers: { 'accept-language': 'fr-FR' } });
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Votre code de connexion');
    expect(mail.text.split('\n').slice(0, 3)).toEqual(['Bonjour,', '', 'Saisissez ce code pour vous connecter :']);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Le code est valable 5 minutes');
  });

  it('a magic link in Spanish, the link alone on its line', async () => {
    ({ t, mails } = await clients.openWithMail({ magicLink: { enabled: true } }));
    await t.json('/sign-in/magic-link', { body: { email: uniqueEmail('link') }, jar: null, headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Su enlace para crear una cuenta');
    expect(linkIn(mail)).toContain('/magic-link/verify?token=');
  });

  it("an invitation: the inviter's request language for a newcomer, the invitee's own for an account holder", async () => {
    ({ t, mails } = await clients.openWithMail());
    const jar = t.newJar();
    await t.json('/sign-up/email', { body: { name: 'Owner', email: uniqueEmail('owner'), password }, jar });
    const org = await t.json<{ id: string }>('/organization/create', { body: { name: 'Acme', slug: `acme-${Date.now()}` }, jar });
    expect(org.status).toBe(200);
    const newcomer = uniqueEmail('new');
    await t.json('/organization/invite-member', {
      body: { email: newcomer, role: 'member', organizationId: org.data.id },
      jar,
      headers: { 'accept-language': 'de' },
    });
    const first = mails.filter((m) => m.to === newcomer).at(-1)!;
    expect(first.subject).toBe('Einladung zu Acme');
    expect(first.text).toContain('Owner (');
    expect(first.text).toContain('hat Sie eingeladen, Acme als member beizutreten.');
    expect(first.text).toMatch(/Die Einladung läuft am .+ UTC ab\./);
    expect(linkIn(first)).toMatch(/\/accept-invitation\/[^/\s]+$/);
    const { email: holder } = await signUp({ locale: 'fr' });
    await t.json('/organization/invite-member', {
      body: { email: holder, role: 'member', organizationId: org.data.id },
      jar,
      headers: { 'accept-language': 'de' },
    });
    expect(mails.filter((m) => m.to === holder).at(-1)!.subject).toBe('Invitation à rejoindre Acme');
  });

  it('a two-factor code by mail: the account has no language, so the signing-in request decides', async () => {
    ({ t, mails } = await clients.openWithMail());
    const jar = t.newJar();
    const { email } = await t.signUp({ password }, jar);
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password }, jar });
    const totp = URI.parse(enable.data.totpURI);
    if (!(totp instanceof TOTP)) throw new Error('not a TOTP URI');
    expect((await t.json('/two-factor/verify-totp', { body: { code: totp.generate({ timestamp: t.clock.ms }) }, jar })).status).toBe(200);
    const pending = t.newJar();
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: pending })).data).toEqual({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp', 'otp'],
    });
    await t.json('/two-factor/send-otp', { method: 'POST', jar: pending, headers: { 'accept-language': 'de' } });
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Ihr Anmeldecode');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Ihr Anmeldecode lautet:');
    expect(lines[2]).toMatch(/^\d{6}$/);
    expect(lines[4]).toBe('Er ist 5 Minuten gültig und kann einmal verwendet werden.');
  });
});
