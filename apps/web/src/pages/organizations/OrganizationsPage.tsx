import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { ActiveOrganization } from './ActiveOrganization';
import { CreateOrganization } from './CreateOrganization';
import { OrganizationList } from './OrganizationList';

/** The active organization first (its members and invitations), then switching and creating side by side. */
export function OrganizationsPage() {
  const { t } = useTranslation('org');
  return (
    <Page title={t('title')}>
      <p className="muted">{t('intro')}</p>
      <ActiveOrganization />
      <div className="org-columns">
        <OrganizationList />
        <CreateOrganization />
      </div>
    </Page>
  );
}
