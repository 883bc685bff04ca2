import type { Invitation } from '../../auth';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { EmptyState } from '../../components/Placeholders';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useRoleName } from './RoleName';
import { keys } from '../../lib/queries';

/** The invitations still waiting for an answer; an expired one says so (it can no longer be accepted). */
export function Invitations({ invitations, canManage }: { invitations: Invitation[]; canManage: boolean }) {
  const { t } = useTranslation('org');
  const toast = useToast();
  const roleName = useRoleName();
  const heading = useId();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  // The organization's pending invitations lose it.
  const cancel = useAction((invitationId: string) => auth.organization.cancelInvitation({ invitationId }), {
    invalidates: (_result, invitationId) => {
      const organizationId = invitations.find((invitation) => invitation.id === invitationId)?.organizationId;
      return organizationId ? [keys.organizations.full(organizationId)] : [keys.organizations.all];
    },
  });
  const pending = invitations.filter((invitation) => invitation.status === 'pending');

  const onCancel = async () => {
    if (!cancelling) return;
    const { error } = await cancel.run(cancelling.id);
    setCancelling(null);
    if (!error) toast(t('invitations.cancelled', { email: cancelling.email }));
  };

  return (
    <div className="stack org-part">
      <h3 id={heading}>{t('invitations.title')}</h3>
      {pending.length === 0 ? <EmptyState title={t('invitations.none')}>{canManage ? t('invitations.noneHint') : null}</EmptyState> : null}
      {pending.length > 0 ? (
        <ul className="list" aria-labelledby={heading}>
          {pending.map((invitation) => {
            const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
            const values = { role: roleName(invitation.role), date: formatDate(invitation.expiresAt) };
            return (
              <li key={invitation.id} className="list-item">
                <div>
                  <p className="strong">{invitation.email}</p>
                  <p className="muted">{expired ? t('invitations.expired', values) : t('invitations.expires', values)}</p>
                </div>
                {canManage ? (
                  <button type="button" onClick={() => setCancelling(invitation)} disabled={cancel.pending}>
                    {t('invitations.cancel')}
                    <span className="visually-hidden"> {t('invitations.cancelTo', { email: invitation.email })}</span>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ErrorMessage error={cancel.error} />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('invitations.confirmTitle', { email: cancelling?.email ?? '' })}
        confirmLabel={t('invitations.confirm')}
        cancelLabel={t('invitations.keep')}
        destructive
        pending={cancel.pending}
        onConfirm={onCancel}
        onCancel={() => setCancelling(null)}
      >
        <p>{t('invitations.confirmBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
