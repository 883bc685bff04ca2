import type { User } from '../../auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { formatDate } from '../../lib/format';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { BanUser } from './BanUser';
import { SetPassword } from './SetPassword';
import { SetRole } from './SetRole';
import { UserSessions } from './UserSessions';

interface Props {
  /** The user as the table listed them, shown until the server's own answer arrives. */
  listed: User;
  onRemoved: () => void;
  onClose: () => void;
}

/**
 * The user as the server holds them now, loaded by id: after an action the table may no longer
 * list them (another page, a filter they left), but the panel still shows their current state.
 */
function useUser(listed: User): User | null {
  const answer = useServerQuery(`user:${listed.id}`, () =>
    auth.admin.listUsers({ filterField: 'id', filterValue: listed.id, filterOperator: 'eq', limit: 1 }),
  );
  if (!answer.data) return listed;
  return answer.data.users.find((u) => u.id === listed.id) ?? null;
}

/** Everything an admin can do to one user. */
export function UserPanel({ listed, onRemoved, onClose }: Props) {
  const user = useUser(listed);
  if (!user) {
    return (
      <Section title={`Manage ${listed.email}`} focusOnMount>
        <Notice>This user no longer exists.</Notice>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </Section>
    );
  }
  return <UserActions user={user} onRemoved={onRemoved} onClose={onClose} />;
}

function UserActions({ user, onRemoved, onClose }: { user: User; onRemoved: () => void; onClose: () => void }) {
  const navigate = useNavigate();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const impersonate = useAction(() => auth.admin.impersonateUser({ userId: user.id }));
  const remove = useAction(() => auth.admin.removeUser({ userId: user.id }));

  const onImpersonate = async () => {
    if (!(await impersonate.run()).error) navigate('/account');
  };
  const onRemove = async () => {
    if (!(await remove.run()).error) onRemoved();
  };

  return (
    <Section title={`Manage ${user.email}`} focusOnMount>
      <dl className="details">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Role</dt>
        <dd>{user.role ?? 'user'}</dd>
        <dt>Email status</dt>
        <dd>{user.emailVerified ? 'Verified' : 'Not verified'}</dd>
        <dt>Created</dt>
        <dd>{formatDate(user.createdAt)}</dd>
      </dl>
      <Link to={`/admin/audit?${new URLSearchParams({ user: user.email })}`}>
        Audit events<span className="visually-hidden"> of {user.email}</span>
      </Link>
      <button type="button" onClick={onClose}>
        Close
      </button>

      <h3>Role</h3>
      {/* Keyed on the role, so that its choice starts again from the server's role when that changes. */}
      <SetRole key={user.role ?? ''} user={user} />

      <h3>Ban</h3>
      <BanUser user={user} />

      <h3>Impersonate</h3>
      <p className="muted">Act as this user for up to an hour; a banner lets you stop.</p>
      <button type="button" onClick={onImpersonate} disabled={impersonate.pending}>
        Impersonate
      </button>
      <ErrorMessage error={impersonate.error} />

      <h3>Password</h3>
      <SetPassword user={user} />

      <h3>Sessions</h3>
      <UserSessions user={user} />

      <h3>Remove</h3>
      {confirmRemove ? (
        <div className="confirm">
          <p>Remove {user.email} and all their data? This cannot be undone.</p>
          <div className="actions">
            <button type="button" className="danger" onClick={onRemove} disabled={remove.pending}>
              Yes, remove {user.email}
            </button>
            <button type="button" onClick={() => setConfirmRemove(false)}>
              Keep user
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirmRemove(true)}>
          Remove
        </button>
      )}
      <ErrorMessage error={remove.error} />
    </Section>
  );
}
