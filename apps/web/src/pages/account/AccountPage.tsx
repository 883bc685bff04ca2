import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { Anchor, useScrollToHash } from './Anchor';
import { ApiKeys } from './ApiKeys';
import { ConnectedApps } from './ConnectedApps';
import { DeleteAccount } from './DeleteAccount';
import { EmailSection } from './EmailSection';
import { LinkedAccounts } from './LinkedAccounts';
import { Passkeys } from './Passkeys';
import { PasswordSection } from './PasswordSection';
import { Profile } from './Profile';
import { useLinkedAccounts } from './useLinkedAccounts';

/**
 * /account: profile, email, password, passkeys, sign-in methods, keys and apps, danger zone, each a
 * card of rows (label, value, one action) whose changes open dialogs; the sidebar links to each part.
 */
export function AccountPage() {
  const { t } = useTranslation('account');
  const { data } = useSession();
  const { features, isPending } = useServerInfo();
  const accounts = useLinkedAccounts(data?.user.id);
  useScrollToHash(Boolean(data) && !isPending);
  // Whether the person has a password (a credential account); unknown until the list came.
  const hasPassword = accounts.data ? accounts.data.some((a) => (a.providerId ?? a.provider) === 'credential') : accounts.error ? true : null;
  // RequireAuth renders this page only with a session.
  if (!data) return null;
  const { user } = data;
  return (
    <Page title={t('account.title')}>
      <p className="muted page-intro">{t('account.intro')}</p>
      <Anchor id="profile">
        <Profile key={user.id} user={user} />
        <EmailSection user={user} />
      </Anchor>
      <Anchor id="security">
        <PasswordSection email={user.email} hasPassword={hasPassword} />
        {features.passkey ? <Passkeys userId={user.id} /> : null}
      </Anchor>
      <Anchor id="linked-accounts">
        <LinkedAccounts accounts={accounts} />
      </Anchor>
      {features.apiKey ? (
        <Anchor id="api-keys">
          <ApiKeys userId={user.id} />
        </Anchor>
      ) : null}
      {features.oidcProvider ? (
        <Anchor id="connected-apps">
          <ConnectedApps userId={user.id} />
        </Anchor>
      ) : null}
      {features.deleteUser ? (
        <Anchor id="danger-zone">
          <DeleteAccount />
        </Anchor>
      ) : null}
    </Page>
  );
}
