import type { AuthError } from '@gatehouse/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/FormError';
import { cancelPasskeyRequest, signInWithPasskey, supportsPasskeyAutofill } from '../../lib/passkey';
import { keepAutofillOpen } from '../../lib/passkey-autofill';
import { useServerInfo } from '../../lib/providers';
import { afterAnswer, useAction } from '../../lib/use-action';

/**
 * "Sign in with a passkey", and the same offered in the email field's autofill (conditional
 * mediation: the field says `autocomplete="username webauthn"`), kept on offer with a fresh
 * challenge every 4.5 minutes (lib/passkey-autofill.ts). Shown when the server runs passkeys,
 * in the sign-in page's "or" group.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { features } = useServerInfo();
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  const button = useAction(() => signInWithPasskey());
  // Only the newest autofill request's refusal is shown (a replaced one's outcome is dropped).
  const [autofillError, setAutofillError] = useState<AuthError | null>(null);

  useEffect(() => {
    if (!features.passkey) return;
    let stop: (() => void) | null = null;
    let active = true;
    void supportsPasskeyAutofill().then((supported) => {
      if (!supported || !active) return;
      stop = keepAutofillOpen({
        attempt: async () => {
          const result = await signInWithPasskey({ autoFill: true });
          afterAnswer(result);
          return result;
        },
        onSignedIn: () => signedIn.current(),
        onRefused: setAutofillError,
        cancel: cancelPasskeyRequest,
      });
    });
    return () => {
      active = false;
      if (stop) stop();
      else cancelPasskeyRequest();
    };
  }, [features.passkey]);

  if (!features.passkey) return null;
  const start = async () => {
    setAutofillError(null);
    const { data } = await button.run();
    if (data) signedIn.current();
  };
  return (
    <>
      <button type="button" className="wide" onClick={start} disabled={button.pending}>
        {t('signIn.passkey')}
      </button>
      <FormError error={button.error ?? autofillError} />
    </>
  );
}
