import type { AuthError } from '@gatehouse/client';
import { asSentence } from './error-codes';
import { readableError } from './readable-error';

/**
 * Codes that are about one field of a form, by the field's name: a form passes the ones it has, so
 * the refusal is shown under that field (marked invalid and focused) instead of at the form's top.
 * Opt-in per form: a code whose field a form does not show stays a form message there.
 */
export type CodeFields = Readonly<Record<string, string>>;

export const EMAIL_CODES: CodeFields = { USER_ALREADY_EXISTS: 'email', INVALID_EMAIL: 'email' };
export const INVITE_CODES: CodeFields = {
  ...EMAIL_CODES,
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'email',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'email',
};
export const CURRENT_PASSWORD_CODES: CodeFields = { INVALID_PASSWORD: 'currentPassword', CREDENTIAL_ACCOUNT_NOT_FOUND: 'currentPassword' };
export const WEBHOOK_CODES: CodeFields = { INVALID_WEBHOOK_URL: 'url', WEBHOOK_URL_NOT_ALLOWED: 'url' };
export const USERNAME_CODES: CodeFields = {
  USERNAME_IS_ALREADY_TAKEN: 'username',
  USERNAME_TOO_SHORT: 'username',
  USERNAME_TOO_LONG: 'username',
  INVALID_USERNAME: 'username',
};

/**
 * A refusal's messages by field (`email` → "Invalid email address"): the server's per-field issues,
 * and the code's own field when `codeFields` names one. Empty for other errors.
 */
export function fieldErrors(error: AuthError | null | undefined, codeFields: CodeFields = {}): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    // The first issue of a field is the one to fix first.
    out[issue.field] ??= asSentence(issue.message);
  }
  const field = error ? codeFields[error.code] : undefined;
  if (error && field) out[field] ??= readableError(error)?.message ?? error.message;
  return out;
}

/** Whether an error is shown under its fields (so the form's top only summarises it). */
export function hasFieldErrors(error: AuthError | null | undefined, codeFields: CodeFields = {}): boolean {
  return (error?.issues?.length ?? 0) > 0 || Boolean(error && codeFields[error.code]);
}

/** The error for the form's top: none when its code is shown under a field of the form. */
export function formLevelError(error: AuthError | null | undefined, codeFields: CodeFields): AuthError | null {
  return error && !codeFields[error.code] ? error : null;
}
