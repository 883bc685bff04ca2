import type { AuthError } from '@gatehouse/client';
import { i18n } from '../i18n';
import { explainError, isKnownError } from './error-codes';

/**
 * A refusal as a person can read it: the server's message, unless it is empty or only repeats the
 * code (a bare `SOME_CODE` says nothing to a person); then the code's sentence, or a general one.
 */
export function readableError(error: AuthError | null | undefined): AuthError | null {
  if (!error) return null;
  const message = error.message?.trim() ?? '';
  if (message && message !== error.code) return error;
  return { ...error, message: explainCode(error) };
}

function explainCode({ code, status }: AuthError): string {
  if (code && isKnownError(code)) return explainError(code);
  if (status === 429) return i18n.t('errors.tooManyRequests', { ns: 'auth' });
  if (status > 0) return i18n.t('errors.unexplainedWithStatus', { ns: 'auth', status });
  return i18n.t('errors.unexplained', { ns: 'auth' });
}
