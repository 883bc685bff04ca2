import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

export function ChangeEmail({ user }: { user: User }) {
  const [newEmail, setNewEmail] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const change = useAction(() =>
    auth.changeEmail({ newEmail: newEmail.trim(), callbackURL: appURL('/verify-email') }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const wasVerified = user.emailVerified;
    const target = newEmail.trim();
    const { error } = await change.run();
    if (error) return;
    setNewEmail('');
    // An unverified address changes at once; a verified one needs the link mailed to it.
    setOutcome(
      wasVerified
        ? `To confirm the change to ${target}, open the link sent to ${user.email}.`
        : `Your email address is now ${target}.`,
    );
  };

  return (
    <form onSubmit={submit} className="form">
      <h3>Change email</h3>
      <Field
        label="New email"
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
      />
      <ErrorMessage error={change.error} />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <button type="submit" disabled={change.pending}>
        Change email
      </button>
    </form>
  );
}
