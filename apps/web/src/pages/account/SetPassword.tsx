import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

/**
 * "Set a password" as a dialog, for a person who signs in only through a linked account: a password is
 * set through a mailed link (the same reset flow), proving the mailbox first.
 */
export function SetPassword({ email, open, onClose, onSent }: { email: string; open: boolean; onClose: () => void; onSent: (text: string) => void }) {
  const { t } = useTranslation('account');
  const send = useAction(() => auth.forgetPassword({ email, redirectTo: appURL('/reset-password') }));
  return (
    <FormDialog
      open={open}
      title={t('setPassword.title')}
      submitLabel={t('setPassword.send')}
      pending={send.pending}
      error={send.error}
      onSubmit={async () => {
        const { error } = await send.run();
        if (!error) onSent(t('setPassword.sent', { email }));
      }}
      onClose={() => {
        send.setError(null);
        onClose();
      }}
    >
      <p>{t('setPassword.body')}</p>
      <ErrorMessage error={send.error} />
    </FormDialog>
  );
}
