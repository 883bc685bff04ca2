import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

const DAY = 86_400;

/** "Ban" with a reason and an optional expiry, or "Unban" for a banned user. */
export function BanUser({ user }: { user: User }) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const ban = useAction(() =>
    auth.admin.banUser({
      userId: user.id,
      ...(reason.trim() ? { banReason: reason.trim() } : {}),
      ...(Number(days) > 0 ? { banExpiresIn: Math.round(Number(days) * DAY) } : {}),
    }),
  );
  const unban = useAction(() => auth.admin.unbanUser({ userId: user.id }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await ban.run()).error) return;
    setReason('');
    setDays('');
  };

  if (user.banned) {
    return (
      <div className="stack">
        <p>
          Banned{user.banReason ? `: ${user.banReason}` : ''}
          {user.banExpires ? ` (until ${formatDate(user.banExpires)})` : ' (no expiry)'}
        </p>
        <button type="button" onClick={() => unban.run()} disabled={unban.pending}>
          Unban
        </button>
        <ErrorMessage error={unban.error} />
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="form">
      <Field label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      <Field
        label="Expires in (days)"
        type="number"
        min={0}
        step="any"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        hint="Leave empty for a ban without end."
      />
      <ErrorMessage error={ban.error} />
      <button type="submit" className="danger" disabled={ban.pending}>
        Ban
      </button>
    </form>
  );
}
