import { Page } from '../../components/Page';
import { ActiveOrganization } from './ActiveOrganization';
import { CreateOrganization } from './CreateOrganization';
import { OrganizationList } from './OrganizationList';

export function OrganizationsPage() {
  return (
    <Page title="Organizations">
      <ActiveOrganization />
      <OrganizationList />
      <CreateOrganization />
    </Page>
  );
}
