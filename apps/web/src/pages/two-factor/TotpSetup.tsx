import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { type CodeFields, fieldErrors, formLevelError } from '../../lib/field-errors';
import { useAction } from '../../lib/use-action';

/** The secret inside an otpauth:// URI, for people who type it instead of scanning. */
export function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** A wrong code is said under the Code field. */
const CODE_FIELDS: CodeFields = { INVALID_TWO_FACTOR_AUTHENTICATION: 'code' };

/**
 * Step two of enabling, in a dialog: scan the QR code (or copy the secret or the URI), then prove it
 * works with a code; "Verify code" is its one primary button. `totpURI` null: closed.
 */
export function TotpSetup({ totpURI, onVerified, onClose }: { totpURI: string | null; onVerified: () => void; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // The session changes (the client reloads it); nothing else shown does.
  const verify = useAction(() => auth.twoFactor.verifyTotp({ code: code.trim() }), { invalidates: [] });

  useEffect(() => {
    setQr(null);
    setCode('');
    if (!totpURI) return;
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

  const submit = async () => {
    const { error } = await verify.run();
    if (!error) onVerified();
  };
  const close = () => {
    verify.setError(null);
    onClose();
  };

  const secret = totpURI ? secretOf(totpURI) : null;
  return (
    <FormDialog
      open={totpURI !== null}
      title={t('totp.title')}
      submitLabel={t('totp.verify')}
      pending={verify.pending}
      error={verify.error}
      onSubmit={submit}
      onClose={close}
    >
      {totpURI ? (
        <>
          <ol className="steps">
            <li>{t('totp.step1')}</li>
            <li>{t('totp.step2')}</li>
          </ol>
          {qr ? <img className="qr" src={qr} alt={t('totp.qr')} width={200} height={200} /> : <div className="qr skeleton" aria-hidden="true" />}
          {secret ? <CopyField label={t('totp.secret')} copyLabel={t('totp.copySecret')} value={secret} /> : null}
          <CopyField label={t('totp.uri')} copyLabel={t('totp.copyUri')} value={totpURI} />
          <Field
            label={t('totp.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint={t('totp.codeHint')}
            error={fieldErrors(verify.error, CODE_FIELDS).code}
            announce
          />
          <ErrorMessage error={formLevelError(verify.error, CODE_FIELDS)} fieldsShown />
        </>
      ) : null}
    </FormDialog>
  );
}
