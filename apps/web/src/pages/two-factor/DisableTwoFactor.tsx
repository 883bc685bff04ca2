import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PasswordField } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';

/** "Disable two-factor": a dialog asks for the password, as turning the second factor off weakens the account. */
export function DisableTwoFactor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  // The session changes (the client reloads it); nothing else shown does.
  const disable = useAction(() => auth.twoFactor.disable({ password }), { invalidates: [] });

  const close = () => {
    setOpen(false);
    setPassword('');
    disable.setError(null);
  };
  const confirm = async () => {
    const { error } = await disable.run();
    if (error) return;
    close();
    onDone();
  };

  return (
    <>
      <button
        type="button"
        className="danger"
        onClick={() => setOpen(true)}
        // While the dialog asks, its button of the same name is the only one.
        aria-hidden={open ? true : undefined}
      >
        {t('twoFactor.disable')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('twoFactor.disableTitle')}
        confirmLabel={t('twoFactor.disable')}
        destructive
        pending={disable.pending}
        onConfirm={confirm}
        onCancel={close}
      >
        {/* Only while asking: a closed dialog's field would be a second "Password" on the page. */}
        {open ? (
          <>
            <p>{t('twoFactor.disableBody')}</p>
            <PasswordField label={t('twoFactor.password')} autoComplete="current-password" value={password} onChange={setPassword} />
            <ErrorMessage error={disable.error} />
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
