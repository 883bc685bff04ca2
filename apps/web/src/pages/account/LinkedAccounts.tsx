import type { AuthError } from '@gatehouse/client';
import type { LinkedAccount } from '../../auth';
import { useCallback, useEffect, useState } from 'react';
import { auth } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { formatDate } from '../../lib/format';
import { providerName } from '../../lib/provider-names';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';

const providerOf = (account: LinkedAccount) => account.providerId ?? account.provider;

export function LinkedAccounts() {
  const { socialProviders } = useServerInfo();
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null);
  const [loadError, setLoadError] = useState<AuthError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);

  const load = useCallback(async () => {
    const { data, error } = await auth.listAccounts();
    setAccounts(data);
    setLoadError(error);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const unlink = async (account: LinkedAccount) => {
    setBusy(account.id);
    setError(null);
    const result = await auth.unlinkAccount({ providerId: providerOf(account), accountId: account.accountId });
    setBusy(null);
    setError(result.error);
    if (!result.error) await load();
  };
  const link = async (provider: string) => {
    setBusy(provider);
    setError(null);
    const result = await auth.linkSocial({ provider, callbackURL: appURL('/account') });
    // On success the browser is on its way to the provider.
    if (result.error) {
      setBusy(null);
      setError(result.error);
    }
  };

  const linked = new Set((accounts ?? []).map(providerOf));
  const linkable = socialProviders.filter((id) => !linked.has(id));

  return (
    <Section title="Linked accounts">
      {loadError ? <ErrorMessage error={loadError} /> : null}
      {!accounts && !loadError ? <Loading /> : null}
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
                <button type="button" onClick={() => unlink(account)} disabled={busy !== null}>
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
            <button key={id} type="button" onClick={() => link(id)} disabled={busy !== null}>
              Link {providerName(id)}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorMessage error={error} />
    </Section>
  );
}
