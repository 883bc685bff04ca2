import type { User } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { adminUserChanged } from '../../lib/queries';

/**
 * A user's address in the panel: when it is not verified (a user the console created, say), the
 * two ways to let them sign in: mail them a verification link, or mark it verified when the
 * admin knows the address is theirs.
 */
export function EmailVerification({ user, compact = false }: { user: User; compact?: boolean }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Mailing a link changes nothing shown.
  const send = useAction(() => auth.sendVerificationEmail({ email: user.email, callbackURL: appURL('/verify-email') }), { invalidates: [] });
  const mark = useAction(() => auth.admin.updateUser({ userId: user.id, data: { emailVerified: true } }), { invalidates: adminUserChanged(user.id) });

  if (user.emailVerified) return compact ? null : <p className="muted">{t('panel.verifiedHint', { email: user.email })}</p>;

  const onSend = async () => {
    setSentTo(null);
    if (!(await send.run()).error) setSentTo(user.email);
  };
  const onMark = async () => {
    if (!(await mark.run()).error) toast(t('panel.markedVerified', { email: user.email }));
  };

  return (
    <div className="stack">
      {/* Compact (a user page's quick actions): the status pill beside it already says it. */}
      {compact ? null : <p className="muted">{t('panel.unverifiedHint', { email: user.email })}</p>}
      {sentTo ? <Notice>{t('panel.verificationSent', { email: sentTo })}</Notice> : null}
      <ErrorMessage error={send.error ?? mark.error} />
      <div className="actions">
        <button type="button" onClick={onSend} disabled={send.pending || mark.pending}>
          {t('panel.sendVerification')}
        </button>
        <button type="button" onClick={onMark} disabled={send.pending || mark.pending}>
          {t('panel.markVerified')}
        </button>
      </div>
    </div>
  );
}
