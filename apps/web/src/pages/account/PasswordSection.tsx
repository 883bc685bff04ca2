import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { SettingRow } from '../../components/SettingRow';
import { ChangePassword } from './ChangePassword';
import { SetPassword } from './SetPassword';

/**
 * The password as a row: set ("Change password") or not ("Set a password", through a mailed link);
 * unknown (null) until the linked accounts came, when the row waits without an action.
 */
export function PasswordSection({ email, hasPassword }: { email: string; hasPassword: boolean | null }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  return (
    // "Security", as its sidebar entry: a region named "Password" would be a second thing labelled Password.
    <Section title={t('nav.security')}>
      <SettingRow
        label={t('password.title')}
        value={
          hasPassword === false ? (
            <span className="muted">{t('password.notSet')}</span>
          ) : (
            <>
              <span aria-hidden="true">••••••••••</span>
              <span className="visually-hidden">{t('password.set')}</span>
            </>
          )
        }
        action={
          hasPassword === null ? null : (
            <button type="button" onClick={() => setOpen(true)}>
              {hasPassword ? t('password.submit') : t('setPassword.title')}
            </button>
          )
        }
      />
      {sent ? <Notice>{sent}</Notice> : null}
      {hasPassword === false ? (
        <SetPassword
          email={email}
          open={open}
          onClose={() => setOpen(false)}
          onSent={(text) => {
            setOpen(false);
            setSent(text);
          }}
        />
      ) : (
        <ChangePassword open={open} onClose={() => setOpen(false)} />
      )}
    </Section>
  );
}
