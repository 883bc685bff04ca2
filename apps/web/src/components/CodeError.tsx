import type { AuthError } from '@gatehouse/client';
import { ErrorMessage } from './Messages';

/** What went wrong with a mailed code, in words, with the way on (the server's own words otherwise). */
const CODE_ERRORS: Record<string, string> = {
  INVALID_OTP: 'That code is not right. Check the code in the email and try again, or ask for a new code.',
  OTP_EXPIRED: 'That code has expired. Ask for a new code.',
  TOO_MANY_ATTEMPTS: 'Too many wrong tries: that code no longer works. Ask for a new code.',
};

export function codeErrorText(error: AuthError): string {
  return CODE_ERRORS[error.code] ?? error.message;
}

/** A refused code (or any other error of a code form), explained. */
export function CodeError({ error }: { error: AuthError | null | undefined }) {
  if (!error) return null;
  return <ErrorMessage error={{ ...error, message: codeErrorText(error) }} />;
}

/** True when the code is gone and only a new one helps. */
export function needsNewCode(error: AuthError | null | undefined): boolean {
  return error?.code === 'OTP_EXPIRED' || error?.code === 'TOO_MANY_ATTEMPTS';
}

/** "Send a new code", the form's first way on once the code is gone. */
export function NewCodeButton({ error, pending, onClick }: { error: AuthError | null | undefined; pending: boolean; onClick: () => void }) {
  return (
    <button type="button" className={needsNewCode(error) ? 'primary' : undefined} onClick={onClick} disabled={pending}>
      Send a new code
    </button>
  );
}
