import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../auth';
import { Page } from '../../components/Page';
import { type Features, useServerInfo } from '../../lib/providers';
import { ACCOUNT_PATHS, type AccountNavItem } from './account-nav';
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
 * The account's pages, one per sidebar entry (account-nav.ts), each titled with its entry's label: a
 * card of rows (label, value, one action) whose changes open dialogs. RequireAuth renders them only
 * with a session.
 */
type Key = Exclude<AccountNavItem['key'], 'sessions' | 'twoFactor'>;
/** The pages whose cards do not say what they hold themselves get an intro (account.json `pages`). */
const INTRO = new Set<Key>(['profile', 'security', 'dangerZone']);

/**
 * A page of the account: its title is the sidebar entry's label; an intro says what it holds where its cards do not.
 * `titled`: the first card is what the page's title says ("Security" → the password), so its own
 * heading is not shown a second time; it still names the card's region for screen readers.
 */
function AccountPage({ entry, titled = false, children }: { entry: Key; titled?: boolean; children: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <Page title={t(`nav.${entry}`)}>
      {INTRO.has(entry) ? <p className="muted page-intro">{t(`pages.${entry as 'profile'}`)}</p> : null}
      <div className={titled ? 'account-sections titled' : 'account-sections'}>{children}</div>
    </Page>
  );
}

/** A page of a capability the server does not run (an old link, a bookmark): the profile instead. */
function Requires({ feature, children }: { feature: keyof Features; children: ReactNode }) {
  const { features, isPending } = useServerInfo();
  if (isPending) return null;
  return features[feature] ? children : <Navigate to={ACCOUNT_PATHS.profile} replace />;
}

/**
 * /account: name and picture, email, the password and the linked accounts: what CONTRACT.md says "Account" holds,
 * so the page the header's Account opens has them all (Security and Sign-in methods have them too, beside the
 * passkeys and the ways to link). Straight after sign-up (passkeys on, none yet), the offer to add one.
 */
export function ProfilePage() {
  const { data } = useSession();
  const { features } = useServerInfo();
  const signedUp = (useLocation().state as { signedUp?: boolean } | null)?.signedUp === true;
  const accounts = useLinkedAccounts(data?.user.id);
  if (!data) return null;
  const { user } = data;
  return (
    <AccountPage entry="profile" titled>
      <Profile key={user.id} user={user} />
      <EmailSection user={user} />
      <PasswordSection email={user.email} hasPassword={hasPasswordOf(accounts)} />
      <LinkedAccounts accounts={accounts} />
      {signedUp && features.passkey ? <Passkeys userId={user.id} /> : null}
    </AccountPage>
  );
}

/** Whether the person has a password (a credential account); unknown (null) until the list came, true if it failed. */
function hasPasswordOf(accounts: ReturnType<typeof useLinkedAccounts>): boolean | null {
  return accounts.data ? accounts.data.some((a) => (a.providerId ?? a.provider) === 'credential') : accounts.error ? true : null;
}

/** /account/security: the password (change, or set through a mailed link) and the passkeys. */
export function SecurityPage() {
  const { data } = useSession();
  const { features } = useServerInfo();
  const accounts = useLinkedAccounts(data?.user.id);
  if (!data) return null;
  return (
    <AccountPage entry="security" titled>
      <PasswordSection email={data.user.email} hasPassword={hasPasswordOf(accounts)} />
      {features.passkey ? <Passkeys userId={data.user.id} /> : null}
    </AccountPage>
  );
}

/** /account/sign-in-methods: the password and the providers linked to the account, each to link or unlink. */
export function SignInMethodsPage() {
  const { data } = useSession();
  const accounts = useLinkedAccounts(data?.user.id);
  if (!data) return null;
  return (
    <AccountPage entry="signInMethods" titled>
      <LinkedAccounts accounts={accounts} />
    </AccountPage>
  );
}

/** /account/api-keys (the API-key plugin on). */
export function ApiKeysPage() {
  const { data } = useSession();
  if (!data) return null;
  return (
    <Requires feature="apiKey">
      <AccountPage entry="apiKeys" titled>
        <ApiKeys userId={data.user.id} />
      </AccountPage>
    </Requires>
  );
}

/** /account/connected-apps (the OpenID provider on): the applications this person let in. */
export function ConnectedAppsPage() {
  const { data } = useSession();
  if (!data) return null;
  return (
    <Requires feature="oidcProvider">
      <AccountPage entry="connectedApps" titled>
        <ConnectedApps userId={data.user.id} />
      </AccountPage>
    </Requires>
  );
}

/** /account/danger-zone (account deletion on). */
export function DangerZonePage() {
  return (
    <Requires feature="deleteUser">
      <AccountPage entry="dangerZone">
        <DeleteAccount />
      </AccountPage>
    </Requires>
  );
}
