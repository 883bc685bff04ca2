import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { adminUserChanged } from '../../lib/queries';

export function SetRole({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const current = user.role ?? 'user';
  const roles = [
    { value: 'user', label: t('roleOption.user') },
    { value: 'admin', label: t('roleOption.admin') },
  ];
  const options = roles.some((r) => r.value === current) ? roles : [...roles, { value: current, label: current }];
  const [role, setRole] = useState(current);
  const setUserRole = useAction(() => auth.admin.setRole({ userId: user.id, role }), { invalidates: adminUserChanged(user.id) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = options.find((o) => o.value === role)?.label ?? role;
    // (An admin's own role is in their session: adminUserChanged reloads it, and the console follows.)
    if (!(await setUserRole.run()).error) toast(t('setRole.done', { email: user.email, role: chosen }));
  };
  return (
    <form onSubmit={submit} className="form inline">
      <Select label={t('setRole.label')} value={role} options={options} onChange={setRole} />
      <button type="submit" disabled={setUserRole.pending}>
        {t('setRole.submit')}
      </button>
      <ErrorMessage error={setUserRole.error} />
    </form>
  );
}
