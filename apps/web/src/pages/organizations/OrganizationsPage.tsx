import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { ActiveOrganization } from './ActiveOrganization';
import { CreateOrganization } from './CreateOrganization';
import { MyInvitations } from './MyInvitations';
import { OrganizationList } from './OrganizationList';
import { SettingsLinks } from './SettingsLinks';

/** Invitations waiting for the person first, then the active organization (its members and invitations), then switching and creating side by side. */
export function OrganizationsPage() {
  const { t } = useTranslation('org');
  return (
    <Page title={t('title')}>
      <p className="muted">{t('intro')}</p>
      <MyInvitations />
      <SettingsLinks />
      <ActiveOrganization />
      <div className="org-columns">
        <OrganizationList />
        <CreateOrganization />
      </div>
    </Page>
  );
}
