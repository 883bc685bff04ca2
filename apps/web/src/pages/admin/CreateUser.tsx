import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field, PasswordField, Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useAction } from '../../lib/use-action';

export function CreateUser({ onCreated, onClose }: { onCreated: (email: string) => void; onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('user');
  const create = useAction(() =>
    auth.admin.createUser({ name: name.trim(), email: email.trim(), password, role }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (data) onCreated(data.user.email);
  };

  return (
    <Section title="Create user" focusOnMount>
      <form onSubmit={submit} className="form">
        <Field label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <Select
          label="Role"
          value={role}
          options={[
            { value: 'user', label: 'User' },
            { value: 'admin', label: 'Admin' },
          ]}
          onChange={setRole}
        />
        <ErrorMessage error={create.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            Create user
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Section>
  );
}
