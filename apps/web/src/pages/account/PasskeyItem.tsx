import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

type Passkey = NonNullable<Awaited<ReturnType<typeof auth.passkey.listUserPasskeys>>['data']>[number];

/** One passkey: its name, when it was added and last used, "Rename" in place, "Delete" after a confirmation. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(passkey.name ?? '');
  const rename = useAction(() => auth.passkey.updatePasskey({ id: passkey.id, name: name.trim() }));
  const remove = useAction(() => auth.passkey.deletePasskey({ id: passkey.id }));
  const label = passkey.name || 'Unnamed passkey';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await rename.run();
    if (data) setMode('view');
  };

  return (
    <li className="list-item">
      {mode === 'rename' ? (
        <form onSubmit={save} className="form" style={{ flex: '1 1 100%' }}>
          <Field label="New name" value={name} required maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
          <ErrorMessage error={rename.error} />
          <div className="actions">
            <button type="submit" className="primary" disabled={rename.pending}>
              Save name
            </button>
            <button type="button" onClick={() => setMode('view')} disabled={rename.pending}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <p className="strong">{label}</p>
            <p className="muted">Created {formatDate(passkey.createdAt)}</p>
            <p className="muted">{passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Never used'}</p>
            {mode === 'delete' ? <p>Delete the passkey "{label}"? You will no longer be able to sign in with it.</p> : null}
            <ErrorMessage error={remove.error} />
          </div>
          {mode === 'delete' ? (
            <div className="actions">
              <button type="button" className="danger" onClick={() => remove.run()} disabled={remove.pending}>
                Delete passkey
              </button>
              <button type="button" onClick={() => setMode('view')} disabled={remove.pending}>
                Cancel
              </button>
            </div>
          ) : (
            <div className="actions">
              <button type="button" onClick={() => { setName(passkey.name ?? ''); setMode('rename'); }} aria-label={`Rename ${label}`}>
                Rename
              </button>
              <button type="button" className="danger" onClick={() => setMode('delete')} aria-label={`Delete ${label}`}>
                Delete
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
