import type { User } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { SettingRow } from '../../components/SettingRow';
import { VerifyByCode } from '../../components/VerifyByCode';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { ChangeEmail } from './ChangeEmail';

/** The address as a row ("Verified" / "Not verified" as text), "Change email" opening its dialog; an unverified one offers a new link or a code. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { features } = useServerInfo();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const resend = useAction(() => auth.sendVerificationEmail({ email: user.email, callbackURL: appURL('/verify-email') }));

  const onResend = async () => {
    setOutcome(null);
    const { error } = await resend.run();
    if (!error) setOutcome(t('email.resent', { email: user.email }));
  };

  return (
    <Section title={t('email.title')}>
      <SettingRow
        label={t('email.title')}
        value={
          <>
            <span className="strong break">{user.email}</span>{' '}
            <span className={user.emailVerified ? 'badge ok' : 'badge warn'}>{user.emailVerified ? t('email.verified') : t('email.notVerified')}</span>
          </>
        }
        action={
          features.changeEmail ? (
            <button
              type="button"
              onClick={() => {
                setOutcome(null);
                setOpen(true);
              }}
            >
              {t('email.change')}
            </button>
          ) : null
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      {user.emailVerified ? null : (
        <div className="setting-followup">
          <button type="button" onClick={onResend} disabled={resend.pending}>
            {t('email.resend')}
          </button>
          <ErrorMessage error={resend.error} />
          <VerifyByCode email={user.email} compact />
        </div>
      )}
      {features.changeEmail ? (
        <ChangeEmail
          user={user}
          open={open}
          onClose={() => setOpen(false)}
          onDone={(text) => {
            setOpen(false);
            setOutcome(text);
          }}
        />
      ) : null}
    </Section>
  );
}
