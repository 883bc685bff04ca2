import type { User } from '../../auth';
import { auth } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { SessionItem } from '../../components/SessionItem';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';

/** The user's sessions as the server holds them: loaded again after every action (a ban deletes them all). */
export function UserSessions({ user }: { user: User }) {
  const sessions = useServerQuery(`sessions:${user.id}`, () => auth.admin.listUserSessions({ userId: user.id }));
  const revoke = useAction((sessionToken: string) => auth.admin.revokeUserSession({ sessionToken }));
  const revokeAll = useAction(() => auth.admin.revokeUserSessions({ userId: user.id }));
  const list = sessions.data?.sessions ?? [];
  const busy = revoke.pending || revokeAll.pending;

  return (
    <div className="stack">
      <ErrorMessage error={sessions.error} />
      {sessions.isPending && !sessions.data ? <Loading what="Loading sessions…" /> : null}
      {sessions.data && list.length === 0 ? <Empty>No active sessions.</Empty> : null}
      <ul className="list">
        {list.map((session) => (
          <SessionItem key={session.id} session={session}>
            <button type="button" onClick={() => revoke.run(session.token)} disabled={busy}>
              Revoke
            </button>
          </SessionItem>
        ))}
      </ul>
      {list.length > 0 ? (
        <button type="button" onClick={() => revokeAll.run()} disabled={busy}>
          Revoke all sessions
        </button>
      ) : null}
      <ErrorMessage error={revoke.error ?? revokeAll.error} />
    </div>
  );
}
