import type { AuthContext } from '../context.js';
import type { Row } from '../db/types.js';
import { describeDuration } from '../i18n/format.js';
import { deliverMail } from '../mail/deliver.js';
import { localizedActionMail } from '../mail/localized.js';

export { describeDuration };

const nameOf = (user: Row) => (typeof user.name === 'string' ? user.name : null);

/**
 * One account mail in the user's language (the `locale` stored on them, else the default;
 * the words are in mail-texts.ts and translations.ts).
 */
function accountMail(auth: AuthContext, user: Row, kind: string, to: string, url: string, values: Record<string, string | number>) {
  const locale = auth.i18n.recipientLocale(user.locale);
  const duration = typeof values.seconds === 'number' ? auth.i18n.duration(locale, values.seconds) : '';
  return localizedActionMail(auth.i18n, locale, kind, ['validity', 'ignore'], {
    to,
    name: nameOf(user),
    url,
    values: { ...values, duration },
    from: auth.options.email.from,
  });
}

/**
 * Each account mail: the library user's own function when they gave one,
 * else our template through `auth.mailer` (SMTP, a custom `email.send`, or the log).
 * Failures become 503 MAIL_DELIVERY_FAILED (see deliverMail).
 */
export const accountMails = {
  async verification(auth: AuthContext, user: Row, to: string, url: string, token: string): Promise<void> {
    const custom = auth.options.emailVerification.sendVerificationEmail;
    await deliverMail(auth, { kind: 'verification', to }, async () => {
      if (custom) return custom({ user: { ...user, email: to }, url, token });
      await auth.mailer.send(accountMail(auth, user, 'verification', to, url, { seconds: auth.options.emailVerification.expiresIn }));
    });
  },

  async resetPassword(auth: AuthContext, user: Row, url: string, token: string): Promise<void> {
    const to = String(user.email);
    const custom = auth.options.emailAndPassword.sendResetPassword;
    await deliverMail(auth, { kind: 'reset-password', to }, async () => {
      if (custom) return custom({ user, url, token });
      await auth.mailer.send(accountMail(auth, user, 'resetPassword', to, url, { seconds: auth.options.emailAndPassword.resetPasswordTokenExpiresIn }));
    });
  },

  /** Sent to the CURRENT address of a verified user who asked to move to `newEmail`. */
  async changeEmail(auth: AuthContext, user: Row, newEmail: string, url: string, token: string): Promise<void> {
    const to = String(user.email);
    const custom = auth.options.user.changeEmail.sendChangeEmailVerification;
    await deliverMail(auth, { kind: 'change-email', to }, async () => {
      if (custom) return custom({ user, newEmail, url, token });
      await auth.mailer.send(accountMail(auth, user, 'changeEmail', to, url, { seconds: auth.options.emailVerification.expiresIn, email: to, newEmail }));
    });
  },

  async deleteAccount(auth: AuthContext, user: Row, url: string, token: string, expiresIn: number): Promise<void> {
    const to = String(user.email);
    const custom = auth.options.user.deleteUser.sendDeleteAccountVerification;
    await deliverMail(auth, { kind: 'delete-account', to }, async () => {
      if (custom) return custom({ user, url, token });
      await auth.mailer.send(accountMail(auth, user, 'deleteAccount', to, url, { seconds: expiresIn }));
    });
  },
};
