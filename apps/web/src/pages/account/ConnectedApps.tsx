import { auth } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { formatDate } from '../../lib/format';
import { scopeDescription } from '../../lib/oauth-scopes';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';

/** Account → Connected applications: the apps this person let in through Gatehouse, each removable. */
export function ConnectedApps({ userId }: { userId: string }) {
  const apps = useServerQuery(`oauth-consents:${userId}`, () => auth.oauth2.listConsents());
  const revoke = useAction((clientId: string) => auth.oauth2.revokeConsent({ clientId }));
  const list = apps.data;
  return (
    <Section title="Connected applications">
      <p>Applications you signed in to with this account.</p>
      <ErrorMessage error={apps.error ?? revoke.error} />
      {!list && !apps.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>No applications yet.</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((app) => (
            <li key={app.clientId} className="list-item">
              <div>
                <p className="strong">{app.name}</p>
                <p className="muted">{app.scopes.map(scopeDescription).join(' · ')}</p>
                <p className="muted">Since {formatDate(app.createdAt)}</p>
              </div>
              <div className="actions">
                <button type="button" className="danger" disabled={revoke.pending} onClick={() => revoke.run(app.clientId)} aria-label={`Remove access of ${app.name}`}>
                  Remove access
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
