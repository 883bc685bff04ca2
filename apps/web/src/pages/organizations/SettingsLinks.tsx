import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../auth';
import { useServerInfo } from '../../lib/providers';

/** Links to the active organization's Teams, Roles and Single sign-on pages, when the server has them on. */
export function SettingsLinks() {
  const { t } = useTranslation('teams');
  const { features } = useServerInfo();
  const { data: session } = useSession();
  const { t: tSso } = useTranslation('enterprise');
  if (!session?.session.activeOrganizationId || !(features.organizationTeams || features.organizationRoles || features.sso || features.scim)) return null;
  return (
    <nav aria-label={t('links.label')} className="actions">
      {features.organizationTeams ? <NavLink to="/organizations/teams">{t('links.teams')}</NavLink> : null}
      {features.organizationRoles ? <NavLink to="/organizations/roles">{t('links.roles')}</NavLink> : null}
      {features.sso ? <NavLink to="/organizations/single-sign-on">{tSso('link')}</NavLink> : null}
      {features.scim ? <NavLink to="/organizations/directory-sync">{t('title', { ns: 'directory' })}</NavLink> : null}
    </nav>
  );
}
