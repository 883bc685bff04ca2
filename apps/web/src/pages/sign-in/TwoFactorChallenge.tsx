import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Checkbox, Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Notice } from '../../components/Messages';
import { verifyWithPasskey, waitingUserHasPasskeys } from '../../lib/passkey';
import { useServerInfo } from '../../lib/providers';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';

type Method = 'totp' | 'otp' | 'backup';

/**
 * The second step of a password sign-in for people with two-factor on: a code (app, email,
 * backup) or, for someone with a passkey (when the server runs passkeys), "Use a passkey".
 * Its page is titled "Two-factor verification" (`twoFactor.title`) by the page that shows it.
 */
export function TwoFactorChallenge({ onVerified, onRestart }: { onVerified: () => void; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const { features } = useServerInfo();
  const [hasPasskeys, setHasPasskeys] = useState(false);
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [sent, setSent] = useState(false);
  const verify = useAction(() => {
    const input = { code: code.trim(), trustDevice };
    if (method === 'otp') return auth.twoFactor.verifyOtp(input);
    if (method === 'backup') return auth.twoFactor.verifyBackupCode(input);
    return auth.twoFactor.verifyTotp(input);
  });
  const sendOtp = useAction(() => auth.twoFactor.sendOtp());
  const passkey = useAction(() => verifyWithPasskey({ trustDevice }));

  // Asked once: whether the person signing in has a passkey to offer instead of a code.
  useEffect(() => {
    if (!features.passkey) return;
    let active = true;
    void waitingUserHasPasskeys().then((has) => {
      if (active) setHasPasskeys(has);
    });
    return () => {
      active = false;
    };
  }, [features.passkey]);

  // A wrong code is said under Code, in the words of the way it came (the server has one code for all three).
  const wrongCode = verify.error?.code === 'INVALID_TWO_FACTOR_AUTHENTICATION';
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, verify.error);

  const switchTo = (next: Method) => {
    setMethod(next);
    setCode('');
    verify.setError(null);
  };
  const emailCode = async () => {
    const { error } = await sendOtp.run();
    if (!error) {
      setSent(true);
      switchTo('otp');
    }
  };
  const usePasskey = async () => {
    verify.setError(null);
    const { error } = await passkey.run();
    if (!error) onVerified();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await verify.run();
    if (!error) onVerified();
  };

  return (
    <div className="stack">
      <form ref={form} onSubmit={submit} className="form">
        <p>{t(`twoFactor.prompt.${method}`)}</p>
        <Field
          label={t('fields.code')}
          autoComplete="one-time-code"
          inputMode={method === 'backup' ? 'text' : 'numeric'}
          required
          autoFocus
          value={code}
          error={wrongCode ? t(`twoFactor.wrongCode.${method}`) : undefined}
          announce
          onChange={(e) => setCode(e.target.value)}
        />
        <Checkbox label={t('fields.trustDevice')} checked={trustDevice} onChange={setTrustDevice} />
        <FormError error={wrongCode ? null : verify.error} />
        <button type="submit" className="primary wide" disabled={verify.pending}>
          {t('twoFactor.verify')}
        </button>
      </form>
      {sent && method === 'otp' ? <Notice>{t('twoFactor.sent')}</Notice> : null}
      {hasPasskeys ? (
        <div className="social">
          <p className="divider">{t('twoFactor.or')}</p>
          <button type="button" className="wide" onClick={usePasskey} disabled={passkey.pending}>
            {t('twoFactor.passkey')}
          </button>
          <FormError error={passkey.error} />
        </div>
      ) : null}
      <div className="actions">
        {method !== 'totp' ? (
          <button type="button" onClick={() => switchTo('totp')}>
            {t('twoFactor.useApp')}
          </button>
        ) : null}
        <button type="button" onClick={emailCode} disabled={sendOtp.pending}>
          {t('twoFactor.emailCode')}
        </button>
        {method !== 'backup' ? (
          <button type="button" onClick={() => switchTo('backup')}>
            {t('twoFactor.useBackup')}
          </button>
        ) : null}
        <button type="button" className="link" onClick={onRestart}>
          {t('twoFactor.restart')}
        </button>
      </div>
      <FormError error={sendOtp.error} />
    </div>
  );
}
