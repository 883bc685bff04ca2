import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../../auth';
import { Checkbox, PasswordField } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { NewPasswordField } from '../../components/NewPasswordField';
import { useToast } from '../../components/Toasts';
import { CURRENT_PASSWORD_CODES, fieldErrors, formLevelError } from '../../lib/field-errors';
import { isPasswordRefusal } from '../../lib/password-strength';
import { useAction } from '../../lib/use-action';

/** "Change password" as a dialog: Current password, New password (with its strength), sign out other devices. */
export function ChangePassword({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { data: session } = useSession();
  const user = session?.user;
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [revokeOthers, setRevokeOthers] = useState(false);
  const change = useAction(() => auth.changePassword({ currentPassword, newPassword, revokeOtherSessions: revokeOthers }));
  const errors = fieldErrors(change.error, CURRENT_PASSWORD_CODES);

  const close = () => {
    setCurrent('');
    setNew('');
    change.setError(null);
    onClose();
  };
  const submit = async () => {
    const { error } = await change.run();
    if (error) return;
    close();
    // Said once, by the toast.
    toast(revokeOthers ? t('password.changedOthersOut') : t('password.changed'));
  };

  return (
    <FormDialog
      open={open}
      title={t('password.submit')}
      description={t('password.description')}
      submitLabel={t('password.submit')}
      pending={change.pending}
      error={change.error}
      onSubmit={submit}
      onClose={close}
    >
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        autoFocus
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
    </FormDialog>
  );
}
