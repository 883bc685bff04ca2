import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../auth';
import { useServerInfo } from '../../lib/providers';

/** Links to the active organization's Teams and Roles pages, when the server has them on. */
export function SettingsLinks() {
  const { t } = useTranslation('teams');
  const { features } = useServerInfo();
  const { data: session } = useSession();
  if (!session?.session.activeOrganizationId || !(features.organizationTeams || features.organizationRoles)) return null;
  return (
    <nav aria-label={t('links.label')} className="actions">
      {features.organizationTeams ? <NavLink to="/organizations/teams">{t('links.teams')}</NavLink> : null}
      {features.organizationRoles ? <NavLink to="/organizations/roles">{t('links.roles')}</NavLink> : null}
    </nav>
  );
}
