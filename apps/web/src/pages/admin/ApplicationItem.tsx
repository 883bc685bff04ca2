import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';

type Application = NonNullable<Awaited<ReturnType<typeof auth.oauth2.listApplications>>['data']>[number];

/** One application: its id and redirect URIs; "Edit", "Rotate secret", "Delete" (after a confirmation). */
export function ApplicationItem({ app, onSecret }: { app: Application; onSecret: (s: { clientId: string; clientSecret: string }) => void }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [uris, setUris] = useState(app.redirectURIs.join(' '));
  const update = useAction(() => auth.oauth2.updateApplication({ clientId: app.clientId, redirectURIs: uris.split(/\s+/).filter(Boolean) }));
  const rotate = useAction(() => auth.oauth2.rotateSecret({ clientId: app.clientId }));
  const remove = useAction(() => auth.oauth2.deleteApplication({ clientId: app.clientId }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await update.run();
    if (data) setMode('view');
  };
  const newSecret = async () => {
    const { data } = await rotate.run();
    if (data) onSecret(data);
  };

  return (
    <li className="list-item">
      <div>
        <p className="strong">{app.name}</p>
        <p className="muted mono">{app.clientId}</p>
        <p className="muted">
          {app.public ? 'Public' : 'Confidential'}
          {app.firstParty ? ' · first-party' : ''} · {app.redirectURIs.length ? app.redirectURIs.join(', ') : 'machine client'}
        </p>
        {mode === 'delete' ? <p>Delete "{app.name}"? Its users are signed out of it and its tokens stop working.</p> : null}
        <ErrorMessage error={update.error ?? rotate.error ?? remove.error} />
      </div>
      {mode === 'edit' ? (
        <form onSubmit={save} className="form" style={{ flex: '1 1 100%' }}>
          <Field label={`Redirect URIs of ${app.name}`} hint="Separated by spaces." value={uris} autoFocus onChange={(e) => setUris(e.target.value)} />
          <div className="actions">
            <button type="submit" className="primary" disabled={update.pending}>
              Save
            </button>
            <button type="button" onClick={() => setMode('view')}>
              Cancel
            </button>
          </div>
        </form>
      ) : mode === 'delete' ? (
        <div className="actions">
          <button type="button" className="danger" disabled={remove.pending} onClick={() => remove.run()}>
            Delete application
          </button>
          <button type="button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setMode('edit')} aria-label={`Edit ${app.name}`}>
            Edit
          </button>
          {app.public ? null : (
            <button type="button" onClick={newSecret} disabled={rotate.pending} aria-label={`Rotate the secret of ${app.name}`}>
              Rotate secret
            </button>
          )}
          <button type="button" className="danger" onClick={() => setMode('delete')} aria-label={`Delete ${app.name}`}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
