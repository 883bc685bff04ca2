import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { AuthPage } from '../../components/AuthCard';
import { FormError } from '../../components/FormError';
import { Notice } from '../../components/Messages';
import { VerifyByCode } from '../../components/VerifyByCode';
import { useAction } from '../../lib/use-action';

interface Props {
  email: string;
  /** Where the mailed link lands (the invitation the person came from, else the verification page). */
  callbackURL: string;
  /** Where signing in leads afterwards. */
  redirect: string;
  /** The person came from an invitation: the link brings them back to it. */
  forInvitation: boolean;
  /** Back to the form, to sign up with another address. */
  onRestart: () => void;
}

/**
 * After a sign-up that must be verified first: says where the link went, sends it again, and,
 * when the server runs email codes, takes a code instead. One primary action: resending.
 */
export function CheckEmail({ email, callbackURL, redirect, forInvitation, onRestart }: Props) {
  const { t } = useTranslation('auth');
  const [resent, setResent] = useState(false);
  const resend = useAction(() => auth.sendVerificationEmail({ email, callbackURL }), { invalidates: [] });
  const onResend = async () => {
    setResent(false);
    if (!(await resend.run()).error) setResent(true);
  };
  const signIn = `/sign-in?redirect=${encodeURIComponent(redirect)}`;

  return (
    <AuthPage title={t('signUp.checkTitle')}>
      <p>{forInvitation ? t('signUp.checkSentInvitation', { email }) : t('signUp.checkSent', { email })}</p>
      <p className="muted">{t('signUp.checkSpam')}</p>
      {resent ? <Notice>{t('signUp.resent', { email })}</Notice> : null}
      <FormError error={resend.error} />
      <button type="button" className="primary wide" onClick={onResend} disabled={resend.pending}>
        {t('signUp.resend')}
      </button>
      <VerifyByCode email={email} />
      <p className="muted auth-alt">
        {t('signUp.verifiedContinue')} <Link to={signIn}>{t('signUp.goToSignIn')}</Link>
      </p>
      <p className="auth-alt">
        <button type="button" className="link" onClick={onRestart}>
          {t('signUp.otherAddress')}
        </button>
      </p>
    </AuthPage>
  );
}
