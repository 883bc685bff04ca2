import type { AuthError } from '@gatehouse/client';
import type { Session } from '../auth';
import { useCallback, useEffect, useState } from 'react';
import { auth, useSession } from '../auth';
import { Empty, ErrorMessage, Loading, Notice } from '../components/Messages';
import { Page } from '../components/Page';
import { SessionItem } from '../components/SessionItem';
import { useAction } from '../lib/use-action';

export function Sessions() {
  const { data: current } = useSession();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [loadError, setLoadError] = useState<AuthError | null>(null);
  const [revoked, setRevoked] = useState(false);
  const revoke = useAction((token: string) => auth.revokeSession({ token }));
  const revokeOthers = useAction(() => auth.revokeOtherSessions());

  const load = useCallback(async () => {
    const { data, error } = await auth.listSessions();
    setSessions(data);
    setLoadError(error);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const onRevoke = async (session: Session) => {
    setRevoked(false);
    const { error } = await revoke.run(session.token);
    if (!error) await load();
  };
  const onRevokeOthers = async () => {
    setRevoked(false);
    const { error } = await revokeOthers.run();
    if (error) return;
    setRevoked(true);
    await load();
  };

  const currentId = current?.session.id;
  // The current session first, then the newest.
  const ordered = [...(sessions ?? [])].sort(
    (a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.createdAt.localeCompare(a.createdAt),
  );
  const busy = revoke.pending || revokeOthers.pending;

  return (
    <Page title="Sessions">
      <p>These devices are signed in to your account.</p>
      <ErrorMessage error={loadError} />
      {!sessions && !loadError ? <Loading /> : null}
      {sessions && sessions.length === 0 ? <Empty>No active sessions.</Empty> : null}
      {sessions && sessions.length > 0 ? (
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
        <button type="button" onClick={onRevokeOthers} disabled={busy || !sessions}>
          Revoke all other sessions
        </button>
      </div>
      <ErrorMessage error={revokeOthers.error} />
      {revoked ? <Notice>All other sessions were revoked.</Notice> : null}
    </Page>
  );
}
