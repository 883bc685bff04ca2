import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Checkbox, PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useAction } from '../../lib/use-action';

export function ChangePassword() {
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
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={newPassword}
          onChange={setNew}
        />
        <Checkbox label="Sign out of other devices" checked={revokeOthers} onChange={setRevokeOthers} />
        <ErrorMessage error={change.error} />
        {outcome ? <Notice>{outcome}</Notice> : null}
        <button type="submit" disabled={change.pending}>
          Change password
        </button>
      </form>
    </Section>
  );
}
