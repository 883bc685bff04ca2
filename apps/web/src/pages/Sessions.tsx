import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../auth';
import { Empty, ErrorMessage } from '../components/Messages';
import { Page } from '../components/Page';
import { SessionItem } from '../components/SessionItem';
import { useToast } from '../components/Toasts';
import { useAction } from '../lib/use-action';
import { ListSkeleton } from '../components/Skeleton';
import { keys, queries } from '../lib/queries';
import { refusalOf } from '../lib/query-client';
import { useQuery } from '@tanstack/react-query';

export function Sessions() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { data: current } = useSession();
  const currentId = current?.session.id;
  // Loaded again after a revocation here, and on coming back to the tab (a session revoked elsewhere leaves the list too).
  const userId = current?.user.id ?? '';
  const sessions = useQuery({ ...queries.sessions(userId), enabled: Boolean(current) });
  const revoke = useAction((token: string) => auth.revokeSession({ token }), { invalidates: [keys.me.sessions(userId)] });
  const revokeOthers = useAction(() => auth.revokeOtherSessions(), { invalidates: [keys.me.sessions(userId)] });

  // Revoking acts at once, without a confirmation: it is undone by signing in again on that device, and
  // the spec's journeys (and people) expect "Revoke" to revoke. The toast says what happened.
  const onRevoke = async (token: string) => {
    const { error } = await revoke.run(token);
    if (!error) toast(t('sessions.revokedToast'));
  };
  const onRevokeOthers = async () => {
    const { error } = await revokeOthers.run();
    if (!error) toast(t('sessions.othersRevoked'));
  };

  const list = sessions.data;
  // The current session first, then the newest.
  const ordered = [...(list ?? [])].sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.createdAt.localeCompare(a.createdAt));
  const others = ordered.filter((s) => s.id !== currentId).length;
  const busy = revoke.pending || revokeOthers.pending;

  return (
    <Page title={t('sessions.title')}>
      <p className="muted page-intro">{t('sessions.intro')}</p>
      <section className="card" aria-label={t('sessions.listLabel')}>
        <ErrorMessage error={refusalOf(sessions.error)} />
        {!list && !sessions.error ? <ListSkeleton rows={3} /> : null}
        {list && list.length === 0 ? <Empty>{t('sessions.empty')}</Empty> : null}
        {list && list.length > 0 ? (
          <ul className="list session-list">
            {ordered.map((session) => (
              <SessionItem key={session.id} session={session} current={session.id === currentId}>
                {session.id === currentId ? null : (
                  <button type="button" onClick={() => onRevoke(session.token)} disabled={busy}>
                    {t('sessions.revoke')}
                  </button>
                )}
              </SessionItem>
            ))}
          </ul>
        ) : null}
        <ErrorMessage error={revoke.error} />
        {list && others === 0 ? <p className="muted">{t('sessions.onlyThis')}</p> : null}
        {list ? (
          <div className="actions">
            <button type="button" className="danger" onClick={onRevokeOthers} disabled={busy}>
              {t('sessions.revokeOthers')}
            </button>
          </div>
        ) : null}
        <ErrorMessage error={revokeOthers.error} />
      </section>
    </Page>
  );
}
