import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

/** The danger zone: deleting an account cannot be undone, so a dialog asks (with the password) first. */
export function DeleteAccount() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [mailed, setMailed] = useState(false);
  const remove = useAction(() => auth.deleteUser({ password: password || undefined, callbackURL: appURL('/account-deleted') }));

  const confirm = async () => {
    const { data } = await remove.run();
    if (!data) return;
    setOpen(false);
    setPassword('');
    // With mail configured and no password, the server mails a confirmation link instead.
    if (data.message === 'Verification email sent') setMailed(true);
    // Deleted at once: a page that says so, instead of the sign-in page as if nothing happened.
    else navigate('/account-deleted', { replace: true });
  };
  const cancel = () => {
    setOpen(false);
    setPassword('');
    remove.setError(null);
  };

  return (
    <Section title={t('delete.title')} tone="danger">
      <p>{t('delete.body')}</p>
      {mailed ? (
        <Notice>{t('delete.mailed')}</Notice>
      ) : (
        <button type="button" className="danger" onClick={() => setOpen(true)}>
          {t('delete.open')}
        </button>
      )}
      <ConfirmDialog
        open={open}
        title={t('delete.confirmTitle')}
        confirmLabel={t('delete.confirm')}
        destructive
        pending={remove.pending}
        onConfirm={confirm}
        onCancel={cancel}
      >
        {/* Only while asking: a closed dialog's field would be a second "Password" on the page. */}
        {open ? (
          <>
            <p>{t('delete.confirmBody')}</p>
            <PasswordField
              label={t('delete.password')}
              autoComplete="current-password"
              value={password}
              hint={t('delete.passwordHint')}
              onChange={setPassword}
              required={false}
            />
            <ErrorMessage error={remove.error} />
          </>
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
