import { useSession } from '../../auth';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { ApiKeys } from './ApiKeys';
import { ChangePassword } from './ChangePassword';
import { ConnectedApps } from './ConnectedApps';
import { DeleteAccount } from './DeleteAccount';
import { EmailSection } from './EmailSection';
import { LinkedAccounts } from './LinkedAccounts';
import { Passkeys } from './Passkeys';
import { Profile } from './Profile';
import { SetPassword } from './SetPassword';
import { useLinkedAccounts } from './useLinkedAccounts';

export function AccountPage() {
  const { data } = useSession();
  const { features } = useServerInfo();
  const accounts = useLinkedAccounts(data?.user.id);
  // Whether the person has a password (a credential account); unknown until the list came.
  const hasPassword = accounts.data
    ? accounts.data.some((a) => (a.providerId ?? a.provider) === 'credential')
    : accounts.error
      ? true
      : null;
  // RequireAuth renders this page only with a session.
  if (!data) return null;
  const { user } = data;
  return (
    <Page title="Account">
      <Profile key={user.id} user={user} />
      <EmailSection user={user} />
      {hasPassword === false ? <SetPassword email={user.email} /> : <ChangePassword />}
      <LinkedAccounts accounts={accounts} />
      {features.passkey ? <Passkeys userId={user.id} /> : null}
      {features.apiKey ? <ApiKeys userId={user.id} /> : null}
      {features.oidcProvider ? <ConnectedApps userId={user.id} /> : null}
      {features.deleteUser ? <DeleteAccount /> : null}
    </Page>
  );
}
