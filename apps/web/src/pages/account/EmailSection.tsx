import type { User } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { VerifyByCode } from '../../components/VerifyByCode';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { ChangeEmail } from './ChangeEmail';

export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { features } = useServerInfo();
  const [sent, setSent] = useState(false);
  const resend = useAction(() =>
    auth.sendVerificationEmail({ email: user.email, callbackURL: appURL('/verify-email') }),
  );

  const onResend = async () => {
    setSent(false);
    const { error } = await resend.run();
    if (!error) setSent(true);
  };

  return (
    <Section title={t('email.title')}>
      <p>
        <span className="strong">{user.email}</span>{' '}
        <span className={user.emailVerified ? 'badge ok' : 'badge warn'}>
          {user.emailVerified ? t('email.verified') : t('email.notVerified')}
        </span>
      </p>
      {user.emailVerified ? null : (
        <>
          <button type="button" onClick={onResend} disabled={resend.pending}>
            {t('email.resend')}
          </button>
          <ErrorMessage error={resend.error} />
          {sent ? <Notice>{t('email.resent', { email: user.email })}</Notice> : null}
          <VerifyByCode email={user.email} compact />
        </>
      )}
      {features.changeEmail ? <ChangeEmail user={user} /> : null}
    </Section>
  );
}
