import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field, PasswordField, Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { fieldErrors } from '../../lib/field-errors';
import { useAction } from '../../lib/use-action';

export function CreateUser({ onCreated, onClose }: { onCreated: (email: string) => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('user');
  const create = useAction(() => auth.admin.createUser({ name: name.trim(), email: email.trim(), password, role }));
  const errors = fieldErrors(create.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (data) onCreated(data.user.email);
  };

  return (
    <Section title={t('create.title')} focusOnMount>
      <form onSubmit={submit} className="form">
        <ErrorMessage error={create.error} fieldsShown />
        <Field label={t('create.name')} required value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <Field label={t('create.email')} type="email" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField label={t('create.password')} autoComplete="new-password" value={password} error={errors.password} onChange={setPassword} />
        <Select
          label={t('create.role')}
          value={role}
          options={[
            { value: 'user', label: t('roleOption.user') },
            { value: 'admin', label: t('roleOption.admin') },
          ]}
          onChange={setRole}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            {t('create.submit')}
          </button>
          <button type="button" onClick={onClose}>
            {t('create.cancel')}
          </button>
        </div>
      </form>
    </Section>
  );
}
