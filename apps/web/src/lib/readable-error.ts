import type { AuthError } from '@gatehouse/client';
import { i18n } from '../i18n';
import { asSentence, explainError, isKnownError } from './error-codes';

/** The server's words as they are, but never begun in lower case. */
function capitalised(text: string): string {
  return text[0]!.toLocaleUpperCase(i18n.language) + text.slice(1);
}

/**
 * A refusal as a person can read it: the server's own words (CONTRACT.md: "Server errors appear as
 * text next to the form, in the server's words", already in the request's language), begun with a
 * capital where the specification's are lower case ("invalid two factor authentication"); the app's
 * sentence for the code only where the server sent no words but the code itself (or none); a general
 * one last. A form with a more precise sentence for its field passes it instead (ErrorMessage's
 * `text`). The code stays on the error for a "Details" line.
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
  if (message && message !== code) return capitalised(message);
  if (code && isKnownError(code)) return explainError(code);
  if (status === 429) return i18n.t('errors.tooManyRequests', { ns: 'auth' });
  if (status > 0) return i18n.t('errors.unexplainedWithStatus', { ns: 'auth', status });
  return i18n.t('errors.unexplained', { ns: 'auth' });
}
