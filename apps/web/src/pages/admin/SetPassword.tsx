import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { useAction } from '../../lib/use-action';

export function SetPassword({ user }: { user: User }) {
  const [newPassword, setNewPassword] = useState('');
  const [done, setDone] = useState(false);
  const set = useAction(() => auth.admin.setUserPassword({ userId: user.id, newPassword }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if ((await set.run()).error) return;
    setNewPassword('');
    setDone(true);
  };
  return (
    <form onSubmit={submit} className="form">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
      />
      <ErrorMessage error={set.error} />
      {done ? <Notice>The password was changed.</Notice> : null}
      <button type="submit" disabled={set.pending}>
        Set password
      </button>
    </form>
  );
}
