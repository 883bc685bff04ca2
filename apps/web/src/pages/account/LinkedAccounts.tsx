import type { AuthError } from '@gatehouse/client';
import type { LinkedAccount } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Empty, ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { providerName } from '../../lib/provider-names';
import { useServerInfo } from '../../lib/providers';
import { refusalOf } from '../../lib/query-client';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { ListSkeleton } from '../../components/Skeleton';
import { ACCOUNT_PATHS } from './account-nav';
import type { LinkedAccountsQuery } from './useLinkedAccounts';

const providerOf = (account: LinkedAccount) => account.providerId ?? account.provider;

/** The sign-in methods linked to the account, as the server lists them after every action. */
export function LinkedAccounts({ accounts: query }: { accounts: LinkedAccountsQuery }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { socialProviders } = useServerInfo();
  const accounts = query.data;
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<AuthError | null>(null);
  const unlink = useAction((account: LinkedAccount) => auth.unlinkAccount({ providerId: providerOf(account), accountId: account.accountId }));
  const busy = linking !== null || unlink.pending;

  const link = async (provider: string) => {
    setLinking(provider);
    setLinkError(null);
    // Back on this page once the provider answered.
    const result = await auth.linkSocial({ provider, callbackURL: appURL(ACCOUNT_PATHS.signInMethods) });
    // On success the browser is on its way to the provider.
    if (result.error) {
      setLinking(null);
      setLinkError(result.error);
    }
  };
  // Unlinking acts at once (no confirmation): linking again undoes it, and the server refuses to unlink
  // the last way to sign in.
  const onUnlink = async (account: LinkedAccount) => {
    const { error } = await unlink.run(account);
    if (!error) toast(t('linked.unlinkedToast', { provider: providerName(providerOf(account)) }));
  };

  // The password is listed as a sign-in method too, in the app's language.
  const nameOf = (id: string) => (id === 'credential' ? t('linked.credential') : providerName(id));
  const linked = new Set((accounts ?? []).map(providerOf));
  const linkable = socialProviders.filter((id) => !linked.has(id));

  return (
    <Section title={t('linked.title')} description={t('linked.description')}>
      <ErrorMessage error={refusalOf(query.error)} />
      {!accounts && !query.error ? <ListSkeleton rows={1} /> : null}
      {accounts && accounts.length === 0 ? <Empty>{t('linked.empty')}</Empty> : null}
      {accounts && accounts.length > 0 ? (
        <ul className="list">
          {accounts.map((account) => {
            const name = nameOf(providerOf(account));
            return (
              <li key={account.id} className="list-item">
                <div>
                  <p className="strong">{name}</p>
                  <p className="muted">{t('linked.since', { date: formatDate(account.createdAt) })}</p>
                </div>
                {providerOf(account) === 'credential' ? null : (
                  <button type="button" onClick={() => onUnlink(account)} disabled={busy}>
                    {t('linked.unlink', { provider: name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {linkable.length > 0 ? (
        <div className="actions">
          {linkable.map((id) => (
            <button key={id} type="button" onClick={() => link(id)} disabled={busy}>
              {t('linked.link', { provider: providerName(id) })}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorMessage error={unlink.error ?? linkError} />
    </Section>
  );
}
