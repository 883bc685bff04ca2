import { type AuthContext, deliverMail, escapeHtml, type Mail, senderName } from '../../kit.js';
import { emailOTPConfig, type OtpType } from './config.js';

/** The code mails' words in English, by kind; translated in translations.ts, replaced by `i18n.messages`. */
export const OTP_MAIL_TEXTS = {
  'mail.emailOtp.signIn.subject': 'Your sign-in code',
  'mail.emailOtp.signIn.intro': 'Enter this code to sign in:',
  'mail.emailOtp.signIn.ignore': 'If you did not try to sign in, you can ignore this mail: nobody can sign in without the code.',
  'mail.emailOtp.emailVerification.subject': 'Your email verification code',
  'mail.emailOtp.emailVerification.intro': 'Enter this code to verify your email address:',
  'mail.emailOtp.emailVerification.ignore': 'If you did not ask for this, you can ignore this mail.',
  'mail.emailOtp.forgetPassword.subject': 'Your password reset code',
  'mail.emailOtp.forgetPassword.intro': 'Enter this code to choose a new password:',
  'mail.emailOtp.forgetPassword.ignore': 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
  'mail.emailOtp.validity': 'The code is valid for {duration} and works once. Never share it with anyone.',
} as const;

const KIND: Record<OtpType, string> = { 'sign-in': 'signIn', 'email-verification': 'emailVerification', 'forget-password': 'forgetPassword' };

/** The code mail in `locale`: plain text with the code alone on its own line, and the same as simple HTML. */
export function renderOtpMail(auth: AuthContext, to: string, otp: string, type: OtpType, locale = 'en'): Mail {
  const t = auth.i18n;
  const say = (part: string) => t.text(locale, `mail.emailOtp.${KIND[type]}.${part}`);
  const w = { subject: say('subject'), intro: say('intro'), ignore: say('ignore') };
  const valid = t.text(locale, 'mail.emailOtp.validity', { duration: t.duration(locale, emailOTPConfig(auth).expiresIn) });
  const hello = t.text(locale, 'mail.helloNoName');
  const signature = senderName(auth.options.email.from) ?? 'Gatehouse';
  const text = [hello, '', w.intro, '', otp, '', valid, '', w.ignore, '', `— ${signature}`, ''].join('\n');
  const para = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(w.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto">',
    para(hello),
    para(w.intro),
    `<p style="margin:24px 0;font-size:28px;font-weight:600;letter-spacing:6px;font-family:ui-monospace,monospace">${escapeHtml(otp)}</p>`,
    para(valid),
    para(w.ignore),
    para(`— ${signature}`),
    '</div></body></html>',
  ].join('\n');
  return { to, subject: w.subject, text, html };
}

/**
 * Sends a code: the library user's `sendVerificationOTP` when given, else the built-in mail.
 * A failure is logged and becomes 503 MAIL_DELIVERY_FAILED (the caller runs this in the background).
 */
export async function sendOtpMail(auth: AuthContext, email: string, otp: string, type: OtpType, locale = 'en'): Promise<void> {
  const custom = emailOTPConfig(auth).sendVerificationOTP;
  await deliverMail(auth, { kind: `email-otp ${type}`, to: email }, async () => {
    if (custom) return custom({ email, otp, type });
    await auth.mailer.send(renderOtpMail(auth, email, otp, type, locale));
  });
}
