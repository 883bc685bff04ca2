import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { auth, useSession } from '../../auth';
import { AuthPage, AuthPageSkeleton } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { NewPasswordField } from '../../components/NewPasswordField';
import { type CodeFields, EMAIL_CODES, fieldErrors, formLevelError, USERNAME_CODES } from '../../lib/field-errors';
import { isPasswordRefusal } from '../../lib/password-strength';
import { useServerInfo } from '../../lib/providers';
import { appURL, isInvitationPath, safeRedirect } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';
import { CheckEmail } from './CheckEmail';
import { UsernameField } from './UsernameField';

/** The refusals shown under the field they are about. */
const SIGN_UP_FIELDS: CodeFields = { ...EMAIL_CODES, ...USERNAME_CODES };

export function SignUp() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const navigate = useNavigate();
  const { features, isPending: infoPending } = useServerInfo();
  const { data: session, isPending } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [withUsername, setWithUsername] = useState(false);
  const [username, setUsername] = useState('');
  const [needsVerification, setNeedsVerification] = useState(false);
  const forInvitation = isInvitationPath(redirect);
  const callbackURL = appURL(forInvitation ? redirect : '/verify-email');
  const signUp = useAction(
    () =>
      auth.signUp.email({
        name: name.trim(),
        email: email.trim(),
        password,
        callbackURL,
        ...(withUsername && username.trim() ? { username: username.trim() } : {}),
      }),
    // A new person signs in (the client reloads the session): nothing else shown changes.
    { invalidates: [] },
  );

  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, signUp.error);
  const wantsToAdd = params.get('add') === '1';

  if (isPending || (wantsToAdd && infoPending)) return <AuthPageSkeleton />;
  // Signing up from "Add another account" keeps the accounts already signed in here.
  const adding = wantsToAdd && features.multiSession && !!session;
  if (session && !adding) return <Navigate to={redirect} replace />;

  const issues = fieldErrors(signUp.error, SIGN_UP_FIELDS);
  // An address that already has an account: the ways on are signing in or resetting the password.
  const emailError =
    signUp.error?.code === 'USER_ALREADY_EXISTS' ? (
      <>
        {issues.email} <Link to={`/sign-in?redirect=${encodeURIComponent(redirect)}`}>{t('signUp.signIn')}</Link>
        {' · '}
        <Link to="/forgot-password">{t('signUp.existsReset')}</Link>
      </>
    ) : (
      issues.email
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await signUp.run();
    if (!data) return;
    // No token: the server wants a verified email before the first sign-in.
    // `signedUp` lets the landing page offer the next step (the account page offers a passkey).
    if (data.token) navigate(redirect, { replace: true, state: { signedUp: true } });
    else setNeedsVerification(true);
  };

  if (needsVerification) {
    return (
      <CheckEmail
        email={email.trim()}
        callbackURL={callbackURL}
        redirect={redirect}
        forInvitation={forInvitation}
        onRestart={() => setNeedsVerification(false)}
      />
    );
  }

  return (
    <AuthPage title={t('signUp.title')}>
      <form ref={form} onSubmit={submit} className="form">
        <Field label={t('fields.name')} autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} error={issues.name} />
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
        />
        <NewPasswordField value={password} onChange={setPassword} error={signUp.error} issue={issues.password} userInputs={[name, email]} />
        {features.username && withUsername ? <UsernameField value={username} onChange={setUsername} error={issues.username} /> : null}
        {features.username && !withUsername ? (
          <button type="button" className="link" onClick={() => setWithUsername(true)}>
            {t('signUp.addUsername')}
          </button>
        ) : null}
        {isPasswordRefusal(signUp.error) ? null : <FormError error={formLevelError(signUp.error, SIGN_UP_FIELDS)} fieldsShown />}
        <button type="submit" className="primary wide" disabled={signUp.pending}>
          {t('signUp.submit')}
        </button>
      </form>
      <p className="muted auth-alt">
        {t('signUp.haveAccount')} <Link to={`/sign-in?redirect=${encodeURIComponent(redirect)}`}>{t('signUp.signIn')}</Link>
      </p>
    </AuthPage>
  );
}
