import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../auth';
import { useServerInfo } from '../lib/providers';
import { useMailedCode } from '../lib/mailed-code';
import { useAction } from '../lib/use-action';
import { CodeError, NewCodeButton } from './CodeError';
import { CodeField } from './CodeField';
import { Field } from './Field';
import { FormError } from './FormError';
import { Notice } from './Messages';

/**
 * Verify an address with a mailed code instead of a link (when the server runs email codes):
 * "Email me a code", then the code. `email` is the signed-in person's; without it, they type it.
 * `compact`: inside a section that already says what this is about (the account's Email).
 */
export function VerifyByCode({ email: known, compact = false }: { email?: string; compact?: boolean }) {
  const { t } = useTranslation('auth');
  const { features } = useServerInfo();
  const [email, setEmail] = useState(known ?? '');
  const { sentTo, code, setCode, send, sendCode: sendTo } = useMailedCode('email-verification', () => verify.setError(null));
  const [verified, setVerified] = useState(false);
  const verify = useAction((to: string) => auth.emailOtp.verifyEmail({ email: to, otp: code }));

  if (!features.emailOTP) return null;
  if (verified) return <Notice>{t('verify.byCodeDone', { email: sentTo })}</Notice>;

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    await sendTo((known ?? email).trim());
  };
  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    const { error } = await verify.run(sentTo);
    if (!error) setVerified(true);
  };

  return (
    <div className="stack">
      {compact ? null : <h2>{t('verify.byCodeTitle')}</h2>}
      {sentTo ? (
        <>
          {/* To a signed-in person's own address: it is theirs. Otherwise claim no account. */}
          <Notice>{known ? t('verify.byCodeSentOwn', { email: sentTo }) : t('verify.byCodeSent', { email: sentTo })}</Notice>
          <form onSubmit={submitCode} className="form">
            <CodeField value={code} onChange={setCode} />
            <CodeError error={verify.error} />
            <button type="submit" className="primary wide" disabled={verify.pending}>
              {t('verify.byCodeSubmit')}
            </button>
          </form>
          <div className="actions">
            <NewCodeButton error={verify.error} pending={send.pending} onClick={() => void sendCode()} />
          </div>
        </>
      ) : (
        <form onSubmit={sendCode} className="form">
          {compact ? null : <p className="muted">{t('verify.byCodeIntro')}</p>}
          {known ? null : (
            <Field label={t('fields.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
          <button type="submit" className={compact ? undefined : 'wide'} disabled={send.pending}>
            {compact ? t('verify.byCodeCompact') : t('verify.byCodeSend')}
          </button>
        </form>
      )}
      <FormError error={send.error} />
    </div>
  );
}
