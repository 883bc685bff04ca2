import type { AuthContext } from '../context.js';
import type { Row } from '../db/types.js';
import { deliverMail } from '../mail/deliver.js';
import { renderActionMail, senderName } from '../mail/render.js';

/** "1 hour", "24 hours", "30 minutes": how long a link lasts, for the mail's wording. */
export function describeDuration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

const nameOf = (user: Row) => (typeof user.name === 'string' ? user.name : null);
const signature = (auth: AuthContext) => senderName(auth.options.email.from) ?? 'Gatehouse';

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
      await auth.mailer.send(
        renderActionMail({
          to,
          subject: 'Verify your email address',
          name: nameOf(user),
          intro: ['Please confirm that this is your email address by opening the link below.'],
          actionLabel: 'Verify email',
          url,
          outro: [
            `The link is valid for ${describeDuration(auth.options.emailVerification.expiresIn)}.`,
            'If you did not ask for this, you can ignore this mail.',
          ],
          signature: signature(auth),
        }),
      );
    });
  },

  async resetPassword(auth: AuthContext, user: Row, url: string, token: string): Promise<void> {
    const to = String(user.email);
    const custom = auth.options.emailAndPassword.sendResetPassword;
    await deliverMail(auth, { kind: 'reset-password', to }, async () => {
      if (custom) return custom({ user, url, token });
      await auth.mailer.send(
        renderActionMail({
          to,
          subject: 'Reset your password',
          name: nameOf(user),
          intro: ['Someone asked to reset the password of your account. Open the link below to choose a new one.'],
          actionLabel: 'Reset password',
          url,
          outro: [
            `The link is valid for ${describeDuration(auth.options.emailAndPassword.resetPasswordTokenExpiresIn)} and works once.`,
            'If you did not ask for this, you can ignore this mail: your password stays as it is.',
          ],
          signature: signature(auth),
        }),
      );
    });
  },

  /** Sent to the CURRENT address of a verified user who asked to move to `newEmail`. */
  async changeEmail(auth: AuthContext, user: Row, newEmail: string, url: string, token: string): Promise<void> {
    const to = String(user.email);
    const custom = auth.options.user.changeEmail.sendChangeEmailVerification;
    await deliverMail(auth, { kind: 'change-email', to }, async () => {
      if (custom) return custom({ user, newEmail, url, token });
      await auth.mailer.send(
        renderActionMail({
          to,
          subject: 'Confirm your email change',
          name: nameOf(user),
          intro: [`Someone asked to change the email address of your account from ${to} to ${newEmail}. Open the link below to confirm.`],
          actionLabel: 'Confirm email change',
          url,
          outro: [
            `The link is valid for ${describeDuration(auth.options.emailVerification.expiresIn)}. You must be signed in when you open it.`,
            'If you did not ask for this, ignore this mail and consider changing your password.',
          ],
          signature: signature(auth),
        }),
      );
    });
  },

  async deleteAccount(auth: AuthContext, user: Row, url: string, token: string, expiresIn: number): Promise<void> {
    const to = String(user.email);
    const custom = auth.options.user.deleteUser.sendDeleteAccountVerification;
    await deliverMail(auth, { kind: 'delete-account', to }, async () => {
      if (custom) return custom({ user, url, token });
      await auth.mailer.send(
        renderActionMail({
          to,
          subject: 'Confirm account deletion',
          name: nameOf(user),
          intro: ['Someone asked to delete your account. Open the link below to confirm: your account and all its data will be removed for good.'],
          actionLabel: 'Delete my account',
          url,
          outro: [
            `The link is valid for ${describeDuration(expiresIn)} and works once.`,
            'If you did not ask for this, ignore this mail and consider changing your password.',
          ],
          signature: signature(auth),
        }),
      );
    });
  },
};
