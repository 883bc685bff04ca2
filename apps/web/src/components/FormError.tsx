import type { AuthError } from '@gatehouse/client';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from './Messages';

/**
 * A form's refusal at its top, never a bare code (lib/readable-error.ts); with `fieldsShown`, a
 * summary of the fields that show their own message.
 */
export function FormError({ error, fieldsShown = false }: { error: AuthError | null | undefined; fieldsShown?: boolean }) {
  // Re-rendered when the language changes, like the sentence it may fall back to.
  useTranslation('auth');
  return <ErrorMessage error={error} fieldsShown={fieldsShown} />;
}
