import { useEffect, useRef } from 'react';
import { ErrorMessage } from '../../components/Messages';
import { cancelPasskeyRequest, signInWithPasskey, supportsPasskeyAutofill } from '../../lib/passkey';
import { useServerInfo } from '../../lib/providers';
import { useAction } from '../../lib/use-action';

/**
 * "Sign in with a passkey", and the same offered in the email field's autofill (conditional
 * mediation: the field says `autocomplete="username webauthn"`). Shown when the server runs passkeys.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { features } = useServerInfo();
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  const button = useAction(() => signInWithPasskey());
  const autofill = useAction(() => signInWithPasskey({ autoFill: true }));
  const runAutofill = useRef(autofill.run);
  runAutofill.current = autofill.run;

  useEffect(() => {
    if (!features.passkey) return;
    let active = true;
    void supportsPasskeyAutofill().then(async (supported) => {
      if (!supported || !active) return;
      const { data } = await runAutofill.current();
      if (data && active) signedIn.current();
    });
    return () => {
      active = false;
      cancelPasskeyRequest();
    };
  }, [features.passkey]);

  if (!features.passkey) return null;
  const start = async () => {
    const { data } = await button.run();
    if (data) signedIn.current();
  };
  // A stopped autofill request (the button took over) is no news for the person.
  const autofillError = autofill.error?.code === 'ABORTED' ? null : autofill.error;
  return (
    <div className="social">
      <p className="divider">or</p>
      <button type="button" className="wide" onClick={start} disabled={button.pending}>
        Sign in with a passkey
      </button>
      <ErrorMessage error={button.error ?? autofillError} />
    </div>
  );
}
