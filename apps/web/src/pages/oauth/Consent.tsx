import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auth, useSession } from '../../auth';
import { Interstitial } from '../../components/AuthCard';
import { ErrorMessage, Loading } from '../../components/Messages';
import { SkeletonRows } from '../../components/Placeholders';
import { scopeDescription } from '../../lib/oauth-scopes';
import { keys } from '../../lib/queries';
import { refusalOf, unwrap } from '../../lib/query-client';
import { displayName } from '../../lib/roles';
import { useAction } from '../../lib/use-action';

interface ConsentDetails {
  uid: string;
  application: { clientId: string; name: string; redirectURI: string };
  scopes: string[];
  /** A device's sign-in (the device flow): no application page to return to. */
  device?: boolean;
}

/**
 * The OpenID provider's consent page (`/oauth/consent?uid=`), in the interstitial frame (no app
 * navigation; who is signed in, "Not you?"): names the application and what it asks for; "Allow"
 * or "Deny" goes back to the application through the provider.
 */
export function Consent() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const { data: session } = useSession();
  const [leaving, setLeaving] = useState(false);
  const path = `/oauth2/interaction/${encodeURIComponent(uid)}`;
  const details = useQuery({
    queryKey: keys.consent(uid),
    queryFn: () => unwrap(auth.$fetch<ConsentDetails>(`${path}/details`)),
    enabled: uid !== '',
  });
  const answer = useAction((accept: boolean) => auth.$fetch<{ redirect: string }>(`${path}/consent`, { method: 'POST', body: { accept } }));

  const decide = async (accept: boolean) => {
    const { data } = await answer.run(accept);
    if (data) {
      setLeaving(true);
      window.location.assign(data.redirect);
    }
  };

  if (!uid) return <Interstitial title={t('consent.title')}>{t('consent.nothing')}</Interstitial>;
  const d = details.data;
  return (
    <Interstitial
      title={d ? t('consent.titleNamed', { app: d.application.name }) : t('consent.title')}
      context={d ? t('consent.continueTo', { app: d.application.name }) : null}
    >
      <ErrorMessage error={refusalOf(details.error)} />
      {!d && !details.error ? <SkeletonRows label={t('consent.title')} rows={3} /> : null}
      {d && leaving ? <Loading what={t('consent.leaving')} /> : null}
      {d && !leaving ? (
        <>
          <p>
            {session ? (
              <Trans t={t} i18nKey="consent.asksAs" values={{ app: d.application.name, name: displayName(session.user) }} components={[<strong key="app" />]} />
            ) : (
              <Trans t={t} i18nKey="consent.asks" values={{ app: d.application.name }} components={[<strong key="app" />]} />
            )}
          </p>
          <ul className="consent-scopes">
            {d.scopes.map((s) => (
              <li key={s}>{scopeDescription(s)}</li>
            ))}
          </ul>
          <p className="muted">
            {d.device || !d.application.redirectURI ? t('device.consentReturn') : t('consent.returnTo', { origin: new URL(d.application.redirectURI).origin })}
          </p>
          <ErrorMessage error={answer.error} />
          <div className="consent-actions">
            <button type="button" disabled={answer.pending} onClick={() => decide(false)}>
              {t('consent.deny')}
            </button>
            <button type="button" className="primary" disabled={answer.pending} onClick={() => decide(true)}>
              {t('consent.allow')}
            </button>
          </div>
        </>
      ) : null}
    </Interstitial>
  );
}
