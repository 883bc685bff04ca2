import type { AuthError } from '@gatehouse/client';
import { i18n } from '../i18n';
import { asSentence, explainError, isKnownError } from './error-codes';

/**
 * A refusal as a person can read it. The app's own sentence for the code comes first (one tone, and
 * the server's English words are the specification's, often lower case: "invalid two factor
 * authentication"); a validation refusal keeps the server's words, which name the field and the
 * rule; an unknown code gets the server's words as a sentence, or a general one. The code stays
 * on the error for a "Details" line.
 */
export function readableError(error: AuthError | null | undefined): AuthError | null {
  if (!error) return null;
  return { ...error, message: readableMessage(error) };
}

function readableMessage(error: AuthError): string {
  const { code, status } = error;
  const message = error.message?.trim() ?? '';
  if (code === 'FETCH_ERROR' || code === 'CLIENT_VALIDATION') return message || i18n.t('errors.unexplained', { ns: 'auth' });
  if (code === 'VALIDATION_ERROR' && message && message !== code) return asSentence(message);
  if (code && isKnownError(code)) return explainError(code);
  if (message && message !== code) return asSentence(message);
  if (status === 429) return i18n.t('errors.tooManyRequests', { ns: 'auth' });
  if (status > 0) return i18n.t('errors.unexplainedWithStatus', { ns: 'auth', status });
  return i18n.t('errors.unexplained', { ns: 'auth' });
}
