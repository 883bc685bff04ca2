/**
 * The account mails' words in English, by mail and part; `{duration}`, `{email}` and
 * `{newEmail}` are put in when a mail is made (mail-templates.ts). Operators replace any of
 * them by locale through `i18n.messages`; the translations are in translations.ts.
 */
export const ACCOUNT_MAIL_TEXTS = {
  'mail.verification.subject': 'Verify your email address',
  'mail.verification.intro': 'Please confirm that this is your email address by opening the link below.',
  'mail.verification.action': 'Verify email',
  'mail.verification.validity': 'The link is valid for {duration}.',
  'mail.verification.ignore': 'If you did not ask for this, you can ignore this mail.',
  'mail.resetPassword.subject': 'Reset your password',
  'mail.resetPassword.intro': 'Someone asked to reset the password of your account. Open the link below to choose a new one.',
  'mail.resetPassword.action': 'Reset password',
  'mail.resetPassword.validity': 'The link is valid for {duration} and works once.',
  'mail.resetPassword.ignore': 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
  'mail.changeEmail.subject': 'Confirm your email change',
  'mail.changeEmail.intro': 'Someone asked to change the email address of your account from {email} to {newEmail}. Open the link below to confirm.',
  'mail.changeEmail.action': 'Confirm email change',
  'mail.changeEmail.validity': 'The link is valid for {duration}. You must be signed in when you open it.',
  'mail.changeEmail.ignore': 'If you did not ask for this, ignore this mail and consider changing your password.',
  'mail.deleteAccount.subject': 'Confirm account deletion',
  'mail.deleteAccount.intro': 'Someone asked to delete your account. Open the link below to confirm: your account and all its data will be removed for good.',
  'mail.deleteAccount.action': 'Delete my account',
  'mail.deleteAccount.validity': 'The link is valid for {duration} and works once.',
  'mail.deleteAccount.ignore': 'If you did not ask for this, ignore this mail and consider changing your password.',
} as const;
