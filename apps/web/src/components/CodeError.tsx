import type { AuthError } from '@gatehouse/client';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { readableError } from '../lib/readable-error';
import { ErrorMessage } from './Messages';

/** The refusals of a mailed code that get the app's own words, with the way on (the server's words otherwise). */
const EXPLAINED = ['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS'] as const;
type Explained = (typeof EXPLAINED)[number];

export function codeErrorText(error: AuthError): string {
  return (EXPLAINED as readonly string[]).includes(error.code)
    ? i18n.t(`code.${error.code as Explained}`, { ns: 'auth' })
    : (readableError(error)?.message ?? '');
}

/** A refused code (or any other error of a code form), explained. */
export function CodeError({ error }: { error: AuthError | null | undefined }) {
  useTranslation('auth');
  if (!error) return null;
  return <ErrorMessage error={error} text={codeErrorText(error)} />;
}

/** True when the code is gone and only a new one helps. */
export function needsNewCode(error: AuthError | null | undefined): boolean {
  return error?.code === 'OTP_EXPIRED' || error?.code === 'TOO_MANY_ATTEMPTS';
}

/** "Send a new code", the form's first way on once the code is gone. */
export function NewCodeButton({ error, pending, onClick }: { error: AuthError | null | undefined; pending: boolean; onClick: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <button type="button" className={needsNewCode(error) ? 'primary' : undefined} onClick={onClick} disabled={pending}>
      {t('code.sendNew')}
    </button>
  );
}
