import type { User } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { EMAIL_CODES, fieldErrors } from '../../lib/field-errors';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

/**
 * "Change email" as a dialog: the new address, its refusal under it. What happens next (at once for an
 * unverified address, after the mailed link for a verified one) is said by the row once it closed.
 */
export function ChangeEmail({ user, open, onClose, onDone }: { user: User; open: boolean; onClose: () => void; onDone: (outcome: string) => void }) {
  const { t } = useTranslation('account');
  const [newEmail, setNewEmail] = useState('');
  const change = useAction(() => auth.changeEmail({ newEmail: newEmail.trim(), callbackURL: appURL('/verify-email') }));
  const fieldError = fieldErrors(change.error, EMAIL_CODES).email ?? fieldErrors(change.error).newEmail;

  const submit = async () => {
    const wasVerified = user.emailVerified;
    const target = newEmail.trim();
    const { error } = await change.run();
    if (error) return;
    setNewEmail('');
    // An unverified address changes at once; a verified one needs the link mailed to it.
    onDone(wasVerified ? t('email.confirmSent', { email: target, current: user.email }) : t('email.changed', { email: target }));
  };

  return (
    <FormDialog
      open={open}
      title={t('email.change')}
      description={t('email.changeDescription', { email: user.email })}
      submitLabel={t('email.change')}
      pending={change.pending}
      error={change.error}
      onSubmit={submit}
      onClose={() => {
        change.setError(null);
        onClose();
      }}
    >
      <Field
        label={t('email.newEmail')}
        type="email"
        autoComplete="email"
        required
        autoFocus
        value={newEmail}
        error={fieldError}
        onChange={(e) => setNewEmail(e.target.value)}
      />
      {fieldError ? null : <ErrorMessage error={change.error} fieldsShown />}
    </FormDialog>
  );
}
