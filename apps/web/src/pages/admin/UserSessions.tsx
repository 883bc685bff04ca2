import type { User } from '../../auth';
import { useAuthQuery } from '@gatehouse/react';
import { auth } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { SessionItem } from '../../components/SessionItem';
import { useAction } from '../../lib/use-action';

export function UserSessions({ user }: { user: User }) {
  const sessions = useAuthQuery(user.id, () => auth.admin.listUserSessions({ userId: user.id }));
  const revoke = useAction((sessionToken: string) => auth.admin.revokeUserSession({ sessionToken }));
  const revokeAll = useAction(() => auth.admin.revokeUserSessions({ userId: user.id }));
  const list = sessions.data?.sessions ?? [];

  const onRevoke = async (token: string) => {
    if (!(await revoke.run(token)).error) sessions.refetch();
  };
  const onRevokeAll = async () => {
    if (!(await revokeAll.run()).error) sessions.refetch();
  };
  const busy = revoke.pending || revokeAll.pending;

  return (
    <div className="stack">
      <ErrorMessage error={sessions.error} />
      {sessions.isPending && !sessions.data ? <Loading what="Loading sessions…" /> : null}
      {sessions.data && list.length === 0 ? <Empty>No active sessions.</Empty> : null}
      <ul className="list">
        {list.map((session) => (
          <SessionItem key={session.id} session={session}>
            <button type="button" onClick={() => onRevoke(session.token)} disabled={busy}>
              Revoke
            </button>
          </SessionItem>
        ))}
      </ul>
      {list.length > 0 ? (
        <button type="button" onClick={onRevokeAll} disabled={busy}>
          Revoke all sessions
        </button>
      ) : null}
      <ErrorMessage error={revoke.error ?? revokeAll.error} />
    </div>
  );
}
