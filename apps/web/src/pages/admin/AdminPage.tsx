import type { User } from '../../auth';
import { useState } from 'react';
import { useSession } from '../../auth';
import { Notice } from '../../components/Messages';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { isAdmin } from '../../lib/roles';
import { Applications } from './Applications';
import { CreateUser } from './CreateUser';
import { UserPanel } from './UserPanel';
import { UserTable } from './UserTable';

/**
 * Below the table: nothing, the create form, or one user's panel (never both, to keep labels unique).
 * The table and the panel load from the server again after every action (lib/server-state.ts).
 */
type Focus = { kind: 'none' } | { kind: 'create' } | { kind: 'user'; user: User };

export function AdminPage() {
  const { data } = useSession();
  const [focus, setFocus] = useState<Focus>({ kind: 'none' });
  const [notice, setNotice] = useState<string | null>(null);
  const { features } = useServerInfo();
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
          }}
        />
      ) : null}
      {focus.kind === 'user' ? (
        <UserPanel
          key={focus.user.id}
          listed={focus.user}
          onClose={() => setFocus({ kind: 'none' })}
          onRemoved={() => {
            setNotice(`User ${focus.user.email} was removed.`);
            setFocus({ kind: 'none' });
          }}
        />
      ) : null}
      {features.oidcProvider ? <Applications /> : null}
    </Page>
  );
}
