/**
 * The core's own texts besides its error catalogue (errors.ts): the words of a refused
 * field, the parts every mail shares, and the lockout notice. English, word for word what
 * the core said before it spoke other languages.
 */
export const CORE_TEXTS = {
  'validation.required': '{field} is required',
  'validation.type': '{field} must be a {type}',
  'validation.tooLong': '{field} is too long',
  'mail.hello': 'Hello {name},',
  'mail.helloNoName': 'Hello,',
  'mail.buttonFallback': 'If the button does not work, open this link:',
  'mail.lockout.subject': 'Sign-in paused after failed attempts',
  'mail.lockout.paused': 'There were {attempts} failed attempts to sign in to your account, so sign-in is paused for {minutes} minutes.',
  'mail.lockout.advice': 'If this was not you, consider changing your password once you can sign in again.',
} as const;
