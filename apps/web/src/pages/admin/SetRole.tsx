import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';

const ROLES = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

export function SetRole({ user }: { user: User }) {
  const current = user.role ?? 'user';
  const options = ROLES.some((r) => r.value === current) ? ROLES : [...ROLES, { value: current, label: current }];
  const [role, setRole] = useState(current);
  const setUserRole = useAction(() => auth.admin.setRole({ userId: user.id, role }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await setUserRole.run();
  };
  return (
    <form onSubmit={submit} className="form inline">
      <Select label="Role" value={role} options={options} onChange={setRole} />
      <button type="submit" disabled={setUserRole.pending}>
        Set role
      </button>
      <ErrorMessage error={setUserRole.error} />
    </form>
  );
}
