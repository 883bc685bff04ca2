import { useState } from 'react';
import { Link } from 'react-router';
import { auth, useSession } from '../../../auth';
import { Empty, ErrorMessage, Loading, Notice } from '../../../components/Messages';
import { Page } from '../../../components/Page';
import { useServerInfo } from '../../../lib/providers';
import { isAdmin } from '../../../lib/roles';
import { useServerQuery } from '../../../lib/server-state';
import { CreateWebhook } from './CreateWebhook';
import { WebhookItem } from './WebhookItem';

/**
 * Admin › Webhooks: the registered endpoints, "Add webhook" (URL and events; the secret is shown
 * once), and per endpoint its deliveries with "Redeliver". Everything shown is loaded from the
 * server again after each action (lib/server-state.ts).
 */
export function WebhooksPage() {
  const { data } = useSession();
  const { features } = useServerInfo();
  const allowed = Boolean(data && isAdmin(data.user) && features.webhooks);
  const list = useServerQuery(allowed ? 'webhooks' : null, () => auth.webhooks.list());
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  if (!data) return null;
  if (!isAdmin(data.user)) {
    return (
      <Page title="Webhooks">
        <p role="alert" className="message error">
          Only admins can access this page.
        </p>
      </Page>
    );
  }
  if (!features.webhooks) {
    return (
      <Page title="Webhooks">
        <p className="muted">Webhooks are off on this server (set webhooks.enabled in its configuration).</p>
      </Page>
    );
  }
  const endpoints = list.data?.endpoints ?? [];
  return (
    <Page title="Webhooks">
      <p>
        <Link to="/admin">Back to Admin</Link>
      </p>
      <p className="muted">
        Gatehouse posts events (a sign-up, a ban, a new session…) to these URLs, signed with each endpoint's secret
        (Standard Webhooks), and retries a failed delivery for about a day.
      </p>
      {created ? (
        <SecretOnce url={created.url} secret={created.secret} onDone={() => setCreated(null)} />
      ) : null}
      {adding ? (
        <CreateWebhook
          events={list.data?.events ?? []}
          onClose={() => setAdding(false)}
          onCreated={(url, secret) => {
            setAdding(false);
            setCreated({ url, secret });
          }}
        />
      ) : (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add webhook
          </button>
        </div>
      )}
      <ErrorMessage error={list.error} />
      {list.isPending && !list.data ? <Loading what="Loading webhooks…" /> : null}
      {list.data && endpoints.length === 0 ? <Empty>No webhooks yet.</Empty> : null}
      {endpoints.map((endpoint) => (
        <WebhookItem key={endpoint.id} endpoint={endpoint} />
      ))}
    </Page>
  );
}

/** The new endpoint's secret, shown this once, to copy into the receiver's configuration. */
function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="card" aria-label="New webhook secret">
      <Notice>Webhook for {url} was added.</Notice>
      <p>Copy its signing secret now: it will not be shown again.</p>
      <div className="field">
        <label htmlFor="webhook-secret">Signing secret</label>
        <div className="row">
          <input id="webhook-secret" readOnly value={secret} className="mono" onFocus={(e) => e.target.select()} />
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(secret);
                setCopied(true);
              } catch {
                setCopied(false);
              }
            }}
          >
            Copy secret
          </button>
        </div>
        <span aria-live="polite" className="hint">
          {copied ? 'Copied.' : ''}
        </span>
      </div>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
