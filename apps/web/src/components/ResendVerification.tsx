import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../auth';
import { fieldErrors } from '../lib/field-errors';
import { appURL } from '../lib/redirect';
import { useAction } from '../lib/use-action';
import { Field } from './Field';
import { FormError } from './FormError';
import { Notice } from './Messages';

/** "Send a new link": mails a fresh verification link, landing on the verification page. */
export function ResendVerification({ email: known }: { email?: string }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(known ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useAction(() => auth.sendVerificationEmail({ email: email.trim(), callbackURL: appURL('/verify-email') }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const { error } = await send.run();
    if (!error) setSentTo(email.trim());
  };

  return (
    <form onSubmit={submit} className="form">
      <Field
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors(send.error).email}
      />
      <FormError error={send.error} fieldsShown />
      {/* The server answers the same for unknown and verified addresses: claim nothing more. */}
      {sentTo ? <Notice>{t('verify.resent', { email: sentTo })}</Notice> : null}
      <button type="submit" className="primary wide" disabled={send.pending}>
        {t('verify.resend')}
      </button>
    </form>
  );
}
