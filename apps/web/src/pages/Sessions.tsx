import type { Session } from '../auth';
import { useState } from 'react';
import { auth, useSession } from '../auth';
import { Empty, ErrorMessage, Loading, Notice } from '../components/Messages';
import { Page } from '../components/Page';
import { SessionItem } from '../components/SessionItem';
import { useServerQuery } from '../lib/server-state';
import { useAction } from '../lib/use-action';

export function Sessions() {
  const { data: current } = useSession();
  const currentId = current?.session.id;
  // Loaded again after every action, so a session revoked elsewhere leaves the list too.
  const sessions = useServerQuery(current ? `sessions:${current.user.id}` : null, () => auth.listSessions());
  const [revoked, setRevoked] = useState(false);
  const revoke = useAction((token: string) => auth.revokeSession({ token }));
  const revokeOthers = useAction(() => auth.revokeOtherSessions());

  const onRevoke = async (session: Session) => {
    setRevoked(false);
    await revoke.run(session.token);
  };
  const onRevokeOthers = async () => {
    setRevoked(false);
    const { error } = await revokeOthers.run();
    if (!error) setRevoked(true);
  };

  const list = sessions.data;
  // The current session first, then the newest.
  const ordered = [...(list ?? [])].sort(
    (a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.createdAt.localeCompare(a.createdAt),
  );
  const busy = revoke.pending || revokeOthers.pending;

  return (
    <Page title="Sessions">
      <p>These devices are signed in to your account.</p>
      <ErrorMessage error={sessions.error} />
      {!list && !sessions.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>No active sessions.</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {ordered.map((session) => (
            <SessionItem key={session.id} session={session} current={session.id === currentId}>
              {session.id === currentId ? null : (
                <button type="button" onClick={() => onRevoke(session)} disabled={busy}>
                  Revoke
                </button>
              )}
            </SessionItem>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={revoke.error} />
      <div className="actions">
        <button type="button" onClick={onRevokeOthers} disabled={busy || !list}>
          Revoke all other sessions
        </button>
      </div>
      <ErrorMessage error={revokeOthers.error} />
      {revoked ? <Notice>All other sessions were revoked.</Notice> : null}
    </Page>
  );
}
