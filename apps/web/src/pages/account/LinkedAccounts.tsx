import type { AuthError } from '@gatehouse/client';
import type { LinkedAccount } from '../../auth';
import { useState } from 'react';
import { auth } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { formatDate } from '../../lib/format';
import { providerName } from '../../lib/provider-names';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import type { LinkedAccountsQuery } from './useLinkedAccounts';

const providerOf = (account: LinkedAccount) => account.providerId ?? account.provider;

/** The sign-in methods linked to the account, as the server lists them after every action. */
export function LinkedAccounts({ accounts: query }: { accounts: LinkedAccountsQuery }) {
  const { socialProviders } = useServerInfo();
  const accounts = query.data;
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<AuthError | null>(null);
  const unlink = useAction((account: LinkedAccount) =>
    auth.unlinkAccount({ providerId: providerOf(account), accountId: account.accountId }),
  );
  const busy = linking !== null || unlink.pending;

  const link = async (provider: string) => {
    setLinking(provider);
    setLinkError(null);
    const result = await auth.linkSocial({ provider, callbackURL: appURL('/account') });
    // On success the browser is on its way to the provider.
    if (result.error) {
      setLinking(null);
      setLinkError(result.error);
    }
  };

  const linked = new Set((accounts ?? []).map(providerOf));
  const linkable = socialProviders.filter((id) => !linked.has(id));

  return (
    <Section title="Linked accounts">
      <ErrorMessage error={query.error} />
      {!accounts && !query.error ? <Loading /> : null}
      {accounts && accounts.length === 0 ? <Empty>No sign-in methods are linked.</Empty> : null}
      {accounts && accounts.length > 0 ? (
        <ul className="list">
          {accounts.map((account) => (
            <li key={account.id} className="list-item">
              <div>
                <p className="strong">{providerName(providerOf(account))}</p>
                <p className="muted">Linked {formatDate(account.createdAt)}</p>
              </div>
              {providerOf(account) === 'credential' ? null : (
                <button type="button" onClick={() => unlink.run(account)} disabled={busy}>
                  Unlink {providerName(providerOf(account))}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {linkable.length > 0 ? (
        <div className="actions">
          {linkable.map((id) => (
            <button key={id} type="button" onClick={() => link(id)} disabled={busy}>
              Link {providerName(id)}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorMessage error={unlink.error ?? linkError} />
    </Section>
  );
}
