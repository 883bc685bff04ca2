import { useState } from 'react';
import { auth } from '../../auth';
import { ErrorMessage } from '../../components/Messages';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

type ApiKey = NonNullable<Awaited<ReturnType<typeof auth.apiKey.list>>['data']>[number];

/** One API key: name, first characters, created, expires, last used; "Delete" after a confirmation. */
export function ApiKeyItem({ apiKey }: { apiKey: ApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(() => auth.apiKey.delete({ keyId: apiKey.id }));
  const label = apiKey.name || 'Unnamed key';
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= Date.now();

  return (
    <li className="list-item">
      <div>
        <p className="strong">{label}</p>
        <p className="muted">
          <span className="mono">{apiKey.start ?? ''}…</span>
          {apiKey.enabled ? null : ' · Disabled'}
        </p>
        <p className="muted">Created {formatDate(apiKey.createdAt)}</p>
        <p className="muted">{apiKey.expiresAt ? `${expired ? 'Expired' : 'Expires'} ${formatDate(apiKey.expiresAt)}` : 'Never expires'}</p>
        <p className="muted">{apiKey.lastRequest ? `Last used ${formatDate(apiKey.lastRequest)}` : 'Never used'}</p>
        {confirming ? <p>Delete the API key "{label}"? Anything using it will stop working at once.</p> : null}
        <ErrorMessage error={remove.error} />
      </div>
      {confirming ? (
        <div className="actions">
          <button type="button" className="danger" onClick={() => remove.run()} disabled={remove.pending}>
            Delete API key
          </button>
          <button type="button" onClick={() => setConfirming(false)} disabled={remove.pending}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" className="danger" onClick={() => setConfirming(true)} aria-label={`Delete ${label}`}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
