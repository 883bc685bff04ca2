import { useEffect, useState } from 'react';
import { auth, useSession } from '../../auth';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';
import { EmailSection } from './EmailSection';
import { LinkedAccounts } from './LinkedAccounts';
import { Profile } from './Profile';
import { SetPassword } from './SetPassword';

/** Whether the person has a password (a credential account); null while unknown. */
function useHasPassword(userId: string | undefined): boolean | null {
  const [has, setHas] = useState<boolean | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void auth.listAccounts().then(({ data }) => {
      if (live) setHas(data ? data.some((a) => (a.providerId ?? a.provider) === 'credential') : true);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return has;
}

export function AccountPage() {
  const { data } = useSession();
  const { features } = useServerInfo();
  const hasPassword = useHasPassword(data?.user.id);
  // RequireAuth renders this page only with a session.
  if (!data) return null;
  const { user } = data;
  return (
    <Page title="Account">
      <Profile key={user.id} user={user} />
      <EmailSection user={user} />
      {hasPassword === false ? <SetPassword email={user.email} /> : <ChangePassword />}
      <LinkedAccounts />
      {features.deleteUser ? <DeleteAccount /> : null}
    </Page>
  );
}
