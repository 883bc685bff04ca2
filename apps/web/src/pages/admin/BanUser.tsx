import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { adminUserChanged } from '../../lib/queries';

const DAY = 86_400;

/**
 * "Ban" with a reason and an optional expiry, or "Unban" for a banned user. The ban acts at once (no
 * confirmation dialog): filling in the form is the deliberate step, and "Unban" undoes it.
 */
export function BanUser({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const ban = useAction(
    () =>
      auth.admin.banUser({
        userId: user.id,
        ...(reason.trim() ? { banReason: reason.trim() } : {}),
        ...(Number(days) > 0 ? { banExpiresIn: Math.round(Number(days) * DAY) } : {}),
      }),
    { invalidates: adminUserChanged(user.id) },
  );
  const unban = useAction(() => auth.admin.unbanUser({ userId: user.id }), { invalidates: adminUserChanged(user.id) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await ban.run();
    if (error) return;
    toast(t('ban.done', { email: user.email }));
    setReason('');
    setDays('');
  };
  const onUnban = async () => {
    if (!(await unban.run()).error) toast(t('ban.undone', { email: user.email }));
  };

  if (user.banned) {
    return (
      <div className="stack">
        <p>
          {user.banReason ? t('ban.bannedFor', { reason: user.banReason }) : t('ban.banned')}{' '}
          {user.banExpires ? t('ban.until', { date: formatDate(user.banExpires) }) : t('ban.noExpiry')}
        </p>
        <button type="button" onClick={onUnban} disabled={unban.pending}>
          {t('ban.unban')}
        </button>
        <ErrorMessage error={unban.error} />
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="form">
      <Field label={t('ban.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <Field label={t('ban.expiresIn')} type="number" min={0} step="any" value={days} onChange={(e) => setDays(e.target.value)} hint={t('ban.expiresHint')} />
      <ErrorMessage error={ban.error} />
      <div className="actions">
        <button type="submit" className="danger" disabled={ban.pending}>
          {t('ban.ban')}
        </button>
      </div>
    </form>
  );
}
