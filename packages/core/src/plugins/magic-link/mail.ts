import { describeDuration } from '../../account/mail-templates.js';
import type { AuthContext } from '../../context.js';
import { deliverMail } from '../../mail/deliver.js';
import { renderActionMail, senderName } from '../../mail/render.js';
import type { UserRow } from '../../session/types.js';
import { magicLinkConfig } from './config.js';

/**
 * Mails a sign-in link: the library user's `sendMagicLink` when given, else our mail through
 * `auth.mailer`. An address without an account (when links may create one) is told so, since
 * opening the link makes the account. Failures are logged by deliverMail and rethrown.
 */
export async function mailLink(auth: AuthContext, to: string, user: UserRow | null, url: string, token: string): Promise<void> {
  const config = magicLinkConfig(auth);
  const custom = config.sendMagicLink;
  await deliverMail(auth, { kind: 'magic-link', to }, async () => {
    if (custom) return custom({ email: to, url, token, newUser: !user });
    const validity = `The link is valid for ${describeDuration(config.expiresIn)} and works once.`;
    await auth.mailer.send(
      renderActionMail({
        to,
        subject: user ? 'Your sign-in link' : 'Your link to create an account',
        name: user && typeof user.name === 'string' ? user.name : null,
        intro: user
          ? ['Open the link below to sign in. No password is needed.']
          : ['Someone asked to sign in with this email address. There is no account for it yet: opening the link below creates one and signs you in.'],
        actionLabel: user ? 'Sign in' : 'Create account and sign in',
        url,
        outro: [validity, 'If you did not ask for this, you can ignore this mail: nothing happens unless the link is opened.'],
        signature: senderName(auth.options.email.from) ?? 'Gatehouse',
      }),
    );
  });
}
