import { type FormEvent, useEffect, useState } from 'react';
import { auth } from '../../auth';
import { Checkbox, Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { verifyWithPasskey, waitingUserHasPasskeys } from '../../lib/passkey';
import { useServerInfo } from '../../lib/providers';
import { useAction } from '../../lib/use-action';

type Method = 'totp' | 'otp' | 'backup';

const PROMPTS: Record<Method, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  otp: 'Enter the code from the email we sent you.',
  backup: 'Enter one of your backup codes (xxxxx-xxxxx). Each code works once.',
};

/**
 * The second step of a password sign-in for people with two-factor on: a code (app, email,
 * backup) or, for someone with a passkey (when the server runs passkeys), "Use a passkey".
 */
export function TwoFactorChallenge({ onVerified, onRestart }: { onVerified: () => void; onRestart: () => void }) {
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
      <h2>Two-factor verification</h2>
      <form onSubmit={submit} className="form">
        <p>{PROMPTS[method]}</p>
        <Field
          label="Code"
          autoComplete="one-time-code"
          inputMode={method === 'backup' ? 'text' : 'numeric'}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Checkbox label="Trust this device" checked={trustDevice} onChange={setTrustDevice} />
        <ErrorMessage error={verify.error} />
        <button type="submit" className="primary wide" disabled={verify.pending}>
          Verify
        </button>
      </form>
      {sent && method === 'otp' ? <Notice>A code was sent to your email address.</Notice> : null}
      {hasPasskeys ? (
        <div className="social">
          <p className="divider">or</p>
          <button type="button" className="wide" onClick={usePasskey} disabled={passkey.pending}>
            Use a passkey
          </button>
          <ErrorMessage error={passkey.error} />
        </div>
      ) : null}
      <div className="actions">
        {method !== 'totp' ? (
          <button type="button" onClick={() => switchTo('totp')}>
            Use authenticator app
          </button>
        ) : null}
        <button type="button" onClick={emailCode} disabled={sendOtp.pending}>
          Email me a code
        </button>
        {method !== 'backup' ? (
          <button type="button" onClick={() => switchTo('backup')}>
            Use a backup code
          </button>
        ) : null}
        <button type="button" className="link" onClick={onRestart}>
          Start over
        </button>
      </div>
      <ErrorMessage error={sendOtp.error} />
    </div>
  );
}
