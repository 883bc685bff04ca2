import { type FormEvent, useState } from 'react';
import { auth, useSession } from '../../auth';
import { Checkbox, PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { NewPasswordField } from '../../components/NewPasswordField';
import { Section } from '../../components/Section';
import { isPasswordRefusal } from '../../lib/password-strength';
import { useAction } from '../../lib/use-action';

export function ChangePassword() {
  const { data: session } = useSession();
  const user = session?.user;
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [revokeOthers, setRevokeOthers] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const change = useAction(() =>
    auth.changePassword({ currentPassword, newPassword, revokeOtherSessions: revokeOthers }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const { error } = await change.run();
    if (error) return;
    setCurrent('');
    setNew('');
    setOutcome(
      revokeOthers ? 'Password changed. Your other devices were signed out.' : 'Password changed.',
    );
  };

  return (
    <Section title="Change password">
      <form onSubmit={submit} className="form">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrent}
        />
        <NewPasswordField
          label="New password"
          value={newPassword}
          onChange={setNew}
          error={change.error}
          userInputs={user ? [user.name, user.email] : []}
          secondFactor={user ? !!user.twoFactorEnabled : undefined}
        />
        <Checkbox label="Sign out of other devices" checked={revokeOthers} onChange={setRevokeOthers} />
        {isPasswordRefusal(change.error) ? null : <ErrorMessage error={change.error} />}
        {outcome ? <Notice>{outcome}</Notice> : null}
        <button type="submit" disabled={change.pending}>
          Change password
        </button>
      </form>
    </Section>
  );
}
