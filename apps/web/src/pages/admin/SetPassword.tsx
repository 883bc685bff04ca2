import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { PasswordField } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { adminUserChanged } from '../../lib/queries';

export function SetPassword({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [newPassword, setNewPassword] = useState('');
  const set = useAction(() => auth.admin.setUserPassword({ userId: user.id, newPassword }), { invalidates: adminUserChanged(user.id) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await set.run()).error) return;
    setNewPassword('');
    toast(t('setPassword.done', { email: user.email }));
  };
  return (
    <form onSubmit={submit} className="form">
      <PasswordField label={t('setPassword.label')} autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
      <ErrorMessage error={set.error} />
      <div className="actions">
        <button type="submit" disabled={set.pending}>
          {t('setPassword.submit')}
        </button>
      </div>
    </form>
  );
}
