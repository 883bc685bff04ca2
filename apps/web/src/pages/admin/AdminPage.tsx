import type { User } from '../../auth';
import { useState } from 'react';
import { useSession } from '../../auth';
import { Notice } from '../../components/Messages';
import { Page } from '../../components/Page';
import { isAdmin } from '../../lib/roles';
import { CreateUser } from './CreateUser';
import { UserPanel } from './UserPanel';
import { UserTable } from './UserTable';

/** Below the table: nothing, the create form, or one user's panel (never both, to keep labels unique). */
type Focus = { kind: 'none' } | { kind: 'create' } | { kind: 'user'; user: User };

export function AdminPage() {
  const { data } = useSession();
  const [version, setVersion] = useState(0);
  const [focus, setFocus] = useState<Focus>({ kind: 'none' });
  const [notice, setNotice] = useState<string | null>(null);
  if (!data) return null;
  if (!isAdmin(data.user)) {
    return (
      <Page title="Admin">
        <p role="alert" className="message error">
          Only admins can access this page.
        </p>
      </Page>
    );
  }

  const reload = () => setVersion((v) => v + 1);
  // Keep the panel's user in step with the freshest list answer.
  const onLoaded = (users: User[]) => {
    if (focus.kind !== 'user') return;
    const fresh = users.find((u) => u.id === focus.user.id);
    if (fresh && fresh !== focus.user) setFocus({ kind: 'user', user: fresh });
  };

  return (
    <Page title="Admin">
      {/* Hidden while the form is open, so only one "Create user" button exists at a time. */}
      {focus.kind === 'create' ? null : (
        <div className="actions">
          <button type="button" onClick={() => setFocus({ kind: 'create' })}>
            Create user
          </button>
        </div>
      )}
      <Notice>{notice}</Notice>
      <UserTable
        version={version}
        onLoaded={onLoaded}
        onManage={(user) => {
          setNotice(null);
          setFocus({ kind: 'user', user });
        }}
      />
      {focus.kind === 'create' ? (
        <CreateUser
          onClose={() => setFocus({ kind: 'none' })}
          onCreated={(email) => {
            setNotice(`User ${email} was created.`);
            setFocus({ kind: 'none' });
            reload();
          }}
        />
      ) : null}
      {focus.kind === 'user' ? (
        <UserPanel
          key={focus.user.id}
          user={focus.user}
          onChanged={reload}
          onClose={() => setFocus({ kind: 'none' })}
          onRemoved={() => {
            setNotice(`User ${focus.user.email} was removed.`);
            setFocus({ kind: 'none' });
            reload();
          }}
        />
      ) : null}
    </Page>
  );
}
