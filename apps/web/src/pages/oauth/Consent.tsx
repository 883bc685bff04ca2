import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auth, useSession } from '../../auth';
import { ErrorMessage, Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { displayName } from '../../lib/roles';
import { scopeDescription } from '../../lib/oauth-scopes';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';

interface ConsentDetails {
  uid: string;
  application: { clientId: string; name: string; redirectURI: string };
  scopes: string[];
  /** A device's sign-in (the device flow): no application page to return to. */
  device?: boolean;
}

/**
 * The OpenID provider's consent page (`/oauth/consent?uid=`): names the application and what
 * it asks for; "Allow" or "Deny" goes back to the application through the provider.
 */
export function Consent() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const { data: session } = useSession();
  const [leaving, setLeaving] = useState(false);
  const path = `/oauth2/interaction/${encodeURIComponent(uid)}`;
  const details = useServerQuery(uid ? `consent:${uid}` : null, () => auth.$fetch<ConsentDetails>(`${path}/details`));
  const answer = useAction((accept: boolean) => auth.$fetch<{ redirect: string }>(`${path}/consent`, { method: 'POST', body: { accept } }));

  const decide = async (accept: boolean) => {
    const { data } = await answer.run(accept);
    if (data) {
      setLeaving(true);
      window.location.assign(data.redirect);
    }
  };

  if (!uid) return <Page title={t('consent.title')}>{t('consent.nothing')}</Page>;
  const d = details.data;
  if (leaving) return <Loading what={t('consent.leaving')} />;
  return (
    <Page title={d ? t('consent.titleNamed', { app: d.application.name }) : t('consent.title')}>
      <ErrorMessage error={details.error} />
      {!d && !details.error ? <Loading /> : null}
      {d ? (
        <div className="card">
          <p>
            {session ? (
              <Trans t={t} i18nKey="consent.asksAs" values={{ app: d.application.name, name: displayName(session.user) }} components={[<strong key="app" />]} />
            ) : (
              <Trans t={t} i18nKey="consent.asks" values={{ app: d.application.name }} components={[<strong key="app" />]} />
            )}
          </p>
          <ul>
            {d.scopes.map((s) => (
              <li key={s}>{scopeDescription(s)}</li>
            ))}
          </ul>
          <p className="muted">{d.device || !d.application.redirectURI ? t('device.consentReturn') : t('consent.returnTo', { origin: new URL(d.application.redirectURI).origin })}</p>
          <ErrorMessage error={answer.error} />
          <div className="actions">
            <button type="button" className="primary" disabled={answer.pending} onClick={() => decide(true)}>
              {t('consent.allow')}
            </button>
            <button type="button" disabled={answer.pending} onClick={() => decide(false)}>
              {t('consent.deny')}
            </button>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
