/** The two-factor code mail's words in English; translated in translations.ts, replaced by `i18n.messages`. */
export const TWO_FACTOR_MAIL_TEXTS = {
  'mail.twoFactor.subject': 'Your sign-in code',
  'mail.twoFactor.intro': 'Your sign-in code is:',
  'mail.twoFactor.validity': 'It is valid for {duration} and can be used once.',
  'mail.twoFactor.advice': 'If you did not try to sign in, change your password.',
} as const;
