import { useState } from 'react';
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
}

/**
 * The OpenID provider's consent page (`/oauth/consent?uid=`): names the application and what
 * it asks for; "Allow" or "Deny" goes back to the application through the provider.
 */
export function Consent() {
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

  if (!uid) return <Page title="Allow access">Nothing to allow: open this page from the application.</Page>;
  const d = details.data;
  if (leaving) return <Loading what="Returning to the application…" />;
  return (
    <Page title={d ? `${d.application.name} wants to use your account` : 'Allow access'}>
      <ErrorMessage error={details.error} />
      {!d && !details.error ? <Loading /> : null}
      {d ? (
        <div className="card">
          <p>
            <strong>{d.application.name}</strong> asks to sign you in{session ? ` as ${displayName(session.user)}` : ''} and to:
          </p>
          <ul>
            {d.scopes.map((s) => (
              <li key={s}>{scopeDescription(s)}</li>
            ))}
          </ul>
          <p className="muted">
            You will return to <span>{new URL(d.application.redirectURI).origin}</span>. You can remove its access later in
            your account.
          </p>
          <ErrorMessage error={answer.error} />
          <div className="actions">
            <button type="button" className="primary" disabled={answer.pending} onClick={() => decide(true)}>
              Allow
            </button>
            <button type="button" disabled={answer.pending} onClick={() => decide(false)}>
              Deny
            </button>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
