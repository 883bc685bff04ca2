import type { Session } from '../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../auth';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Empty, ErrorMessage } from '../components/Messages';
import { Page } from '../components/Page';
import { SessionItem, useDeviceName } from '../components/SessionItem';
import { useToast } from '../components/Toasts';
import { useServerQuery } from '../lib/server-state';
import { useAction } from '../lib/use-action';
import { ListSkeleton } from '../components/Skeleton';

export function Sessions() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { data: current } = useSession();
  const currentId = current?.session.id;
  // Loaded again after every action, so a session revoked elsewhere leaves the list too.
  const sessions = useServerQuery(current ? `sessions:${current.user.id}` : null, () => auth.listSessions());
  // What the dialog asks about: one session, or all the others.
  const [asking, setAsking] = useState<Session | 'others' | null>(null);
  const revoke = useAction((token: string) => auth.revokeSession({ token }));
  const revokeOthers = useAction(() => auth.revokeOtherSessions());

  const onConfirm = async () => {
    if (asking === 'others') {
      const { error } = await revokeOthers.run();
      setAsking(null);
      if (!error) toast(t('sessions.othersRevoked'));
    } else if (asking) {
      const { error } = await revoke.run(asking.token);
      setAsking(null);
      if (!error) toast(t('sessions.revokedToast'));
    }
  };

  const list = sessions.data;
  // The current session first, then the newest.
  const ordered = [...(list ?? [])].sort(
    (a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.createdAt.localeCompare(a.createdAt),
  );
  const others = ordered.filter((s) => s.id !== currentId).length;
  const busy = revoke.pending || revokeOthers.pending;
  const deviceName = useDeviceName();

  return (
    <Page title={t('sessions.title')}>
      <p className="muted page-intro">{t('sessions.intro')}</p>
      <section className="card" aria-label={t('sessions.listLabel')}>
        <ErrorMessage error={sessions.error} />
        {!list && !sessions.error ? <ListSkeleton rows={3} /> : null}
        {list && list.length === 0 ? <Empty>{t('sessions.empty')}</Empty> : null}
        {list && list.length > 0 ? (
          <ul className="list session-list">
            {ordered.map((session) => (
              <SessionItem key={session.id} session={session} current={session.id === currentId}>
                {session.id === currentId ? null : (
                  <button type="button" onClick={() => setAsking(session)} disabled={busy}>
                    {t('sessions.revoke')}
                  </button>
                )}
              </SessionItem>
            ))}
          </ul>
        ) : null}
        <ErrorMessage error={revoke.error} />
        {list && others === 0 ? <p className="muted">{t('sessions.onlyThis')}</p> : null}
        {others > 0 ? (
          <div className="actions">
            <button
              type="button"
              className="danger"
              onClick={() => setAsking('others')}
              disabled={busy || !list}
              // While its dialog asks, the dialog's button of the same name is the only one.
              aria-hidden={asking === 'others' ? true : undefined}
            >
              {t('sessions.revokeOthers')}
            </button>
          </div>
        ) : null}
        <ErrorMessage error={revokeOthers.error} />
      </section>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'others' ? t('sessions.confirmOthersTitle') : t('sessions.confirmTitle')}
        confirmLabel={asking === 'others' ? t('sessions.revokeOthers') : t('sessions.confirm')}
        destructive
        pending={busy}
        onConfirm={onConfirm}
        onCancel={() => setAsking(null)}
      >
        <p>
          {asking === 'others'
            ? t('sessions.confirmOthersBody', { count: others })
            : asking
              ? t('sessions.confirmBody', { device: deviceName(asking.userAgent) })
              : null}
        </p>
      </ConfirmDialog>
    </Page>
  );
}
