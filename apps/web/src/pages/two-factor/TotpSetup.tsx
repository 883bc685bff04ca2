import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { fieldErrors } from '../../lib/field-errors';
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
  const { t } = useTranslation('account');
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // The session changes (the client reloads it); nothing else shown does.
  const verify = useAction(() => auth.twoFactor.verifyTotp({ code: code.trim() }), { invalidates: [] });

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
      <ol className="steps">
        <li>{t('totp.step1')}</li>
        <li>{t('totp.step2')}</li>
      </ol>
      {qr ? <img className="qr" src={qr} alt={t('totp.qr')} width={200} height={200} /> : <div className="qr skeleton" aria-hidden="true" />}
      {secret ? <CopyField label={t('totp.secret')} copyLabel={t('totp.copySecret')} value={secret} /> : null}
      <CopyField label={t('totp.uri')} copyLabel={t('totp.copyUri')} value={totpURI} />
      <form onSubmit={submit} className="form">
        <Field
          label={t('totp.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={t('totp.codeHint')}
          error={fieldErrors(verify.error).code}
        />
        <ErrorMessage error={verify.error} fieldsShown />
        <button type="submit" className="primary" disabled={verify.pending}>
          {t('totp.verify')}
        </button>
      </form>
    </div>
  );
}
