import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { Checkbox, Field, PasswordField } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { fieldErrors } from '../../lib/field-errors';
import { useServerInfo } from '../../lib/providers';
import { useAction } from '../../lib/use-action';
import { SsoSuggestion } from './SsoSignIn';

interface Props {
  /** Called after a password sign-in; `twoFactor` when a second step is needed. */
  onSignedIn: (outcome: { twoFactor: boolean }) => void;
  /** Offered when email codes are on: sign in with a mailed code instead (it verifies the address too). */
  onUseCode?: () => void;
  /**
   * Where the verification link that a refused, unverified sign-in mails should land (an
   * invitation the person is on the way to). The server then also answers a successful
   * sign-in with a redirect there.
   */
  verifyCallbackURL?: string;
}

export function SignInForm({ onSignedIn, onUseCode, verifyCallbackURL }: Props) {
  const { t } = useTranslation('auth');
  const { features } = useServerInfo();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  // The address's domain requires SSO: "Continue with SSO" is the primary action, not the password's "Sign in".
  const [ssoRequired, setSsoRequired] = useState(false);
  const signIn = useAction(async () => {
    // Without an "@" the person typed a username.
    if (features.username && !identifier.includes('@')) {
      return auth.signIn.username({ username: identifier.trim(), password, rememberMe });
    }
    return auth.signIn.email({ email: identifier.trim(), password, rememberMe, ...(verifyCallbackURL ? { callbackURL: verifyCallbackURL } : {}) });
  });

  // The server names the field it refused: `email` or `username` is this form's one identifier field.
  const issues = fieldErrors(signIn.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await signIn.run();
    if (data) onSignedIn({ twoFactor: 'twoFactorRedirect' in data && data.twoFactorRedirect });
  };

  return (
    <form onSubmit={submit} className="form">
      <Field
        label={features.username ? t('fields.emailOrUsername') : t('fields.email')}
        type={features.username ? 'text' : 'email'}
        // With passkeys on, the browser offers them among this field's suggestions (conditional UI).
        autoComplete={features.passkey ? 'username webauthn' : 'username'}
        required
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
        error={issues.email ?? issues.username}
      />
      {/* Email-first: an address whose domain signs in with SSO is offered "Continue with SSO" here. */}
      {features.sso ? <SsoSuggestion email={identifier} refused={signIn.error?.code === 'SSO_REQUIRED'} onRequired={setSsoRequired} /> : null}
      <PasswordField autoComplete="current-password" value={password} onChange={setPassword} error={issues.password} />
      <div className="row between">
        <Checkbox label={t('fields.rememberMe')} checked={rememberMe} onChange={setRememberMe} />
        <Link to="/forgot-password">{t('signIn.forgot')}</Link>
      </div>
      <FormError error={signIn.error} fieldsShown />
      {/* The refused sign-in has just mailed a fresh link, which lands on the verification page. */}
      {signIn.error?.code === 'EMAIL_NOT_VERIFIED' ? (
        <p className="message">
          {t('signIn.unverified')}
          {onUseCode ? (
            <>
              {' '}
              {t('signIn.unverifiedCode')}{' '}
              <button type="button" className="link" onClick={onUseCode}>
                {t('signIn.emailCode')}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <button type="submit" className={ssoRequired ? 'wide' : 'primary wide'} disabled={signIn.pending}>
        {t('signIn.submit')}
      </button>
    </form>
  );
}
