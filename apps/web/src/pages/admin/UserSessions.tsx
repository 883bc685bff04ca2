import type { User } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { EmptyState, SkeletonRows } from '../../components/Placeholders';
import { SessionItem } from '../../components/SessionItem';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { adminUserChanged, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

/**
 * The user's sessions as the server holds them: loaded again after every action on the user (a ban deletes them all).
 * One session goes at a click (the person can sign in again); all of them only after a confirmation.
 */
export function UserSessions({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [confirmAll, setConfirmAll] = useState(false);
  const sessions = useQuery(queries.userSessions(user.id));
  const revoke = useAction((sessionToken: string) => auth.admin.revokeUserSession({ sessionToken }), { invalidates: adminUserChanged(user.id) });
  const revokeAll = useAction(() => auth.admin.revokeUserSessions({ userId: user.id }), { invalidates: adminUserChanged(user.id) });
  const list = sessions.data?.sessions ?? [];
  const busy = revoke.pending || revokeAll.pending;

  const onRevoke = async (token: string) => {
    if (!(await revoke.run(token)).error) toast(t('sessions.revoked'));
  };
  const onRevokeAll = async () => {
    const { error } = await revokeAll.run();
    setConfirmAll(false);
    if (!error) toast(t('sessions.allRevoked', { email: user.email }));
  };

  return (
    <div className="stack">
      <ErrorMessage error={refusalOf(sessions.error)} />
      {sessions.isPending && !sessions.data ? <SkeletonRows label={t('sessions.loading')} rows={2} /> : null}
      {sessions.data && list.length === 0 ? <EmptyState title={t('sessions.none')}>{t('sessions.noneHint')}</EmptyState> : null}
      {list.length > 0 ? (
        <ul className="list">
          {list.map((session) => (
            <SessionItem key={session.id} session={session}>
              <button type="button" onClick={() => onRevoke(session.token)} disabled={busy}>
                {t('sessions.revoke')}
              </button>
            </SessionItem>
          ))}
        </ul>
      ) : null}
      {list.length > 0 ? (
        <button type="button" className="danger" onClick={() => setConfirmAll(true)} disabled={busy}>
          {t('sessions.revokeAll')}
        </button>
      ) : null}
      <ErrorMessage error={revoke.error ?? revokeAll.error} />
      <ConfirmDialog
        open={confirmAll}
        title={t('sessions.confirmTitle', { email: user.email })}
        confirmLabel={t('sessions.confirm')}
        destructive
        pending={revokeAll.pending}
        onConfirm={onRevokeAll}
        onCancel={() => setConfirmAll(false)}
      >
        <p>{t('sessions.confirmBody', { count: list.length, sessions: list.length })}</p>
      </ConfirmDialog>
    </div>
  );
}
