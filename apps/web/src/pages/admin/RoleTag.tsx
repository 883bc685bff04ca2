import type en from '../../i18n/locales/en/admin.json';
import { useTranslation } from 'react-i18next';
import { rolesOf } from '../../lib/roles';

type KnownRole = keyof typeof en.roles;
const isKnown = (role: string): role is KnownRole => role === 'user' || role === 'admin';

/** A user's roles in words ("admin", "Administrator"); a role the app does not know is shown as stored. */
export function RoleTag({ role }: { role: string | null | undefined }) {
  const { t } = useTranslation('admin');
  const roles = rolesOf({ role });
  const names = (roles.length ? roles : ['user']).map((r) => (isKnown(r) ? t(`roles.${r}`) : r));
  return <span className="role-tag">{names.join(', ')}</span>;
}
