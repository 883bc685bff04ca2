import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { Applications } from './Applications';
import { InitialAccessToken } from './InitialAccessToken';
import { RegisteredClients } from './RegisteredClients';

/** The admin console's Applications section: the apps that sign their users in through this Gatehouse. */
export function ApplicationsPage() {
  const { t } = useTranslation('sso');
  return (
    <Page title={t('apps.pageTitle')}>
      <Applications />
      <InitialAccessToken />
      <RegisteredClients />
    </Page>
  );
}
