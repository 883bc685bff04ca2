import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

/**
 * For a person who signs in only through a linked account: a password is set
 * through a mailed link (the same reset flow), proving the mailbox first.
 */
export function SetPassword({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const [sent, setSent] = useState(false);
  const send = useAction(() => auth.forgetPassword({ email, redirectTo: appURL('/reset-password') }));
  return (
    <Section title={t('setPassword.title')}>
      <p>{t('setPassword.body')}</p>
      <ErrorMessage error={send.error} />
      {sent ? <Notice>{t('setPassword.sent', { email })}</Notice> : null}
      <button
        type="button"
        disabled={send.pending}
        onClick={async () => {
          const { error } = await send.run();
          setSent(!error);
        }}
      >
        {t('setPassword.send')}
      </button>
    </Section>
  );
}
