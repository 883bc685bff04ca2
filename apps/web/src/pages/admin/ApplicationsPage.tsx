import { Page } from '../../components/Page';
import { Applications } from './Applications';

/** The admin console's Applications section: the apps that sign their users in through this Gatehouse. */
export function ApplicationsPage() {
  return (
    <Page title="Single sign-on">
      <Applications />
    </Page>
  );
}
