import type { User } from '../../auth';
import { useState } from 'react';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { VerifyByCode } from '../../components/VerifyByCode';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { ChangeEmail } from './ChangeEmail';

export function EmailSection({ user }: { user: User }) {
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
    <Section title="Email">
      <p>
        <span className="strong">{user.email}</span>{' '}
        <span className={user.emailVerified ? 'badge ok' : 'badge warn'}>
          {user.emailVerified ? 'Verified' : 'Not verified'}
        </span>
      </p>
      {user.emailVerified ? null : (
        <>
          <button type="button" onClick={onResend} disabled={resend.pending}>
            Resend verification email
          </button>
          <ErrorMessage error={resend.error} />
          {sent ? <Notice>A verification link was sent to {user.email}.</Notice> : null}
          <VerifyByCode email={user.email} compact />
        </>
      )}
      {features.changeEmail ? <ChangeEmail user={user} /> : null}
    </Section>
  );
}
