import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { scopeDescription } from '../../lib/oauth-scopes';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';

/** Account → Connected applications: the apps this person let in through Gatehouse, each removable. */
export function ConnectedApps({ userId }: { userId: string }) {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const apps = useQuery(queries.consents(userId));
  const revoke = useAction((clientId: string) => auth.oauth2.revokeConsent({ clientId }));
  const list = apps.data;
  // Removing acts at once: the app may ask again, and the person may allow it again.
  const onRemove = async (clientId: string, name: string) => {
    if (!(await revoke.run(clientId)).error) toast(t('connected.removed', { app: name }));
  };
  return (
    <Section title={t('connected.title')}>
      <p>{t('connected.intro')}</p>
      <ErrorMessage error={refusalOf(apps.error) ?? revoke.error} />
      {!list && !apps.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>{t('connected.empty')}</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((app) => (
            <li key={app.clientId} className="list-item">
              <div>
                <p className="strong">{app.name}</p>
                <p className="muted">{app.scopes.map(scopeDescription).join(' · ')}</p>
                <p className="muted">{t('connected.since', { date: formatDate(app.createdAt) })}</p>
              </div>
              <div className="actions">
                <button
                  type="button"
                  className="danger"
                  disabled={revoke.pending}
                  onClick={() => onRemove(app.clientId, app.name)}
                  aria-label={t('connected.removeNamed', { app: app.name })}
                >
                  {t('connected.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
