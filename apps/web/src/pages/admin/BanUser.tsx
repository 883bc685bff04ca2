import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { formatDate, formatNumber } from '../../lib/format';
import { useAction } from '../../lib/use-action';

const DAY = 86_400;

/** "Ban" with a reason and an optional expiry (asked again in a dialog), or "Unban" for a banned user. */
export function BanUser({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ban = useAction(() =>
    auth.admin.banUser({
      userId: user.id,
      ...(reason.trim() ? { banReason: reason.trim() } : {}),
      ...(Number(days) > 0 ? { banExpiresIn: Math.round(Number(days) * DAY) } : {}),
    }),
  );
  const unban = useAction(() => auth.admin.unbanUser({ userId: user.id }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const confirm = async () => {
    const { error } = await ban.run();
    setConfirming(false);
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
  const length = Number(days) > 0 ? t('ban.forDays', { count: Number(days), days: formatNumber(Number(days)) }) : t('ban.forever');
  return (
    <form onSubmit={submit} className="form">
      <Field label={t('ban.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <Field
        label={t('ban.expiresIn')}
        type="number"
        min={0}
        step="any"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        hint={t('ban.expiresHint')}
      />
      <ErrorMessage error={ban.error} />
      <div className="actions">
        <button type="submit" className="danger" disabled={ban.pending}>
          {t('ban.ban')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('ban.confirmTitle', { email: user.email })}
        confirmLabel={t('ban.confirm')}
        destructive
        pending={ban.pending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('ban.confirmBody')}</p>
        <dl className="details">
          <dt>{t('ban.reason')}</dt>
          <dd>{reason.trim() || t('ban.noReason')}</dd>
          <dt>{t('ban.length')}</dt>
          <dd>{length}</dd>
        </dl>
      </ConfirmDialog>
    </form>
  );
}
