import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { fieldErrors } from '../../lib/field-errors';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

export function ChangeEmail({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const [newEmail, setNewEmail] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const change = useAction(() =>
    auth.changeEmail({ newEmail: newEmail.trim(), callbackURL: appURL('/verify-email') }),
  );
  const fieldError = fieldErrors(change.error).newEmail;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const wasVerified = user.emailVerified;
    const target = newEmail.trim();
    const { error } = await change.run();
    if (error) return;
    setNewEmail('');
    // An unverified address changes at once; a verified one needs the link mailed to it.
    setOutcome(wasVerified ? t('email.confirmSent', { email: target, current: user.email }) : t('email.changed', { email: target }));
  };

  return (
    <form onSubmit={submit} className="form">
      <h3>{t('email.change')}</h3>
      <Field
        label={t('email.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        error={fieldError}
        onChange={(e) => setNewEmail(e.target.value)}
      />
      <ErrorMessage error={change.error} fieldsShown />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <button type="submit" disabled={change.pending}>
        {t('email.change')}
      </button>
    </form>
  );
}
