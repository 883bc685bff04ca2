import { type AuthContext, deliverMail, localizedActionMail, type UserRow } from '../../kit.js';
import { magicLinkConfig } from './config.js';

/** The link mails' words in English (one for an account, one for an address without one); translated in translations.ts. */
export const MAGIC_LINK_MAIL_TEXTS = {
  'mail.magicLink.subject': 'Your sign-in link',
  'mail.magicLink.intro': 'Open the link below to sign in. No password is needed.',
  'mail.magicLink.action': 'Sign in',
  'mail.magicLink.validity': 'The link is valid for {duration} and works once.',
  'mail.magicLink.ignore': 'If you did not ask for this, you can ignore this mail: nothing happens unless the link is opened.',
  'mail.magicLinkNewUser.subject': 'Your link to create an account',
  'mail.magicLinkNewUser.intro':
    'Someone asked to sign in with this email address. There is no account for it yet: opening the link below creates one and signs you in.',
  'mail.magicLinkNewUser.action': 'Create account and sign in',
  'mail.magicLinkNewUser.validity': 'The link is valid for {duration} and works once.',
  'mail.magicLinkNewUser.ignore': 'If you did not ask for this, you can ignore this mail: nothing happens unless the link is opened.',
} as const;

/**
 * Mails a sign-in link: the library user's `sendMagicLink` when given, else our mail through
 * `auth.mailer`, in the account's language, else the asking request's (`acceptLanguage`). An
 * address without an account (when links may create one) is told so, since opening the link
 * makes the account. Failures are logged by deliverMail and rethrown.
 */
export async function mailLink(auth: AuthContext, to: string, user: UserRow | null, url: string, token: string, acceptLanguage?: string | null): Promise<void> {
  const config = magicLinkConfig(auth);
  const custom = config.sendMagicLink;
  await deliverMail(auth, { kind: 'magic-link', to }, async () => {
    if (custom) return custom({ email: to, url, token, newUser: !user });
    const locale = auth.i18n.recipientLocale(user?.locale, acceptLanguage);
    await auth.mailer.send(
      localizedActionMail(auth.i18n, locale, user ? 'magicLink' : 'magicLinkNewUser', ['validity', 'ignore'], {
        to,
        name: user && typeof user.name === 'string' ? user.name : null,
        url,
        values: { duration: auth.i18n.duration(locale, config.expiresIn) },
        from: auth.options.email.from,
      }),
    );
  });
}
