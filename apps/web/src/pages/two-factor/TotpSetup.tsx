import { type FormEvent, useEffect, useState } from 'react';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';

/** The secret inside an otpauth:// URI, for people who type it instead of scanning. */
export function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** Step two of enabling: scan (or copy) the secret, then prove it works with a code. */
export function TotpSetup({ totpURI, onVerified }: { totpURI: string; onVerified: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const verify = useAction(() => auth.twoFactor.verifyTotp({ code: code.trim() }));

  useEffect(() => {
    let current = true;
    // Loaded on demand: only this step needs the QR encoder.
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(totpURI, { margin: 1, width: 200 }))
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [totpURI]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await verify.run();
    if (!error) onVerified();
  };

  const secret = secretOf(totpURI);
  return (
    <div className="stack">
      <p>Scan this QR code with your authenticator app, or enter the secret by hand.</p>
      {qr ? <img className="qr" src={qr} alt="QR code" width={200} height={200} /> : null}
      {secret ? <CopyField label="Secret" value={secret} /> : null}
      <CopyField label="Setup URI" value={totpURI} />
      <form onSubmit={submit} className="form">
        <Field
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint="The 6-digit code your app shows now."
        />
        <ErrorMessage error={verify.error} />
        <button type="submit" className="primary" disabled={verify.pending}>
          Verify code
        </button>
      </form>
    </div>
  );
}
