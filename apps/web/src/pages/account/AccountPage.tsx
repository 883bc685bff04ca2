import { useSession } from '../../auth';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';
import { EmailSection } from './EmailSection';
import { LinkedAccounts } from './LinkedAccounts';
import { Profile } from './Profile';

export function AccountPage() {
  const { data } = useSession();
  const { features } = useServerInfo();
  // RequireAuth renders this page only with a session.
  if (!data) return null;
  const { user } = data;
  return (
    <Page title="Account">
      <Profile key={user.id} user={user} />
      <EmailSection user={user} />
      <ChangePassword />
      <LinkedAccounts />
      {features.deleteUser ? <DeleteAccount /> : null}
    </Page>
  );
}
