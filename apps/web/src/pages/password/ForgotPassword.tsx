import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { AuthPage } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Notice } from '../../components/Messages';
import { fieldErrors } from '../../lib/field-errors';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { ResetWithCode } from './ResetWithCode';

export function ForgotPassword() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [byCode, setByCode] = useState(false);
  const { features } = useServerInfo();
  // Mails a link: nothing shown changes.
  const request = useAction(() => auth.forgetPassword({ email: email.trim(), redirectTo: appURL('/reset-password') }), { invalidates: [] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await request.run();
    if (!error) setSentTo(email.trim());
  };

  if (byCode && features.emailOTP) {
    return (
      <AuthPage title={t('forgot.title')}>
        <ResetWithCode onCancel={() => setByCode(false)} />
        <p className="muted auth-alt">
          <Link to="/sign-in">{t('forgot.back')}</Link>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('forgot.title')}>
      <p className="muted">{t('forgot.intro')}</p>
      <form onSubmit={submit} className="form">
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors(request.error).email}
        />
        <FormError error={request.error} fieldsShown />
        <button type="submit" className="primary wide" disabled={request.pending}>
          {t('forgot.send')}
        </button>
      </form>
      {/* The server answers the same for unknown addresses, so this must not claim an account exists. */}
      {sentTo ? <Notice>{t('forgot.sent', { email: sentTo })}</Notice> : null}
      {features.emailOTP ? (
        <button type="button" className="link" onClick={() => setByCode(true)}>
          {t('forgot.byCode')}
        </button>
      ) : null}
      <p className="muted auth-alt">
        <Link to="/sign-in">{t('forgot.back')}</Link>
      </p>
    </AuthPage>
  );
}
