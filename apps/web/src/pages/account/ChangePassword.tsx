import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../../auth';
import { Checkbox, PasswordField } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { NewPasswordField } from '../../components/NewPasswordField';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { CURRENT_PASSWORD_CODES, fieldErrors, formLevelError } from '../../lib/field-errors';
import { isPasswordRefusal } from '../../lib/password-strength';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';

export function ChangePassword() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { data: session } = useSession();
  const user = session?.user;
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [revokeOthers, setRevokeOthers] = useState(false);
  const change = useAction(() =>
    auth.changePassword({ currentPassword, newPassword, revokeOtherSessions: revokeOthers }),
  );
  const errors = fieldErrors(change.error, CURRENT_PASSWORD_CODES);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, change.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await change.run();
    if (error) return;
    setCurrent('');
    setNew('');
    // Said once, by the toast.
    toast(revokeOthers ? t('password.changedOthersOut') : t('password.changed'));
  };

  return (
    <Section title={t('password.title')} description={t('password.description')}>
      <form ref={form} onSubmit={submit} className="form">
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          value={currentPassword}
          error={errors.currentPassword}
          onChange={setCurrent}
        />
        <NewPasswordField
          label={t('password.new')}
          value={newPassword}
          onChange={setNew}
          error={change.error}
          userInputs={user ? [user.name, user.email] : []}
          secondFactor={user ? !!user.twoFactorEnabled : undefined}
        />
        <Checkbox label={t('password.revokeOthers')} checked={revokeOthers} onChange={setRevokeOthers} />
        {isPasswordRefusal(change.error) ? null : <ErrorMessage error={formLevelError(change.error, CURRENT_PASSWORD_CODES)} />}
        <button type="submit" className="primary" disabled={change.pending}>
          {t('password.submit')}
        </button>
      </form>
    </Section>
  );
}
