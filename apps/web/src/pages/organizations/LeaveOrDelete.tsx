import type { FullOrganization } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { keys } from '../../lib/queries';

interface Props {
  organization: FullOrganization;
  isOwner: boolean;
  /** The only owner may not leave (the server refuses): they are told why, and offered no "Leave". */
  soleOwner: boolean;
}

/** Leaving, and for owners deleting, the active organization: each after a confirmation. */
export function LeaveOrDelete({ organization, isOwner, soleOwner }: Props) {
  const { t } = useTranslation('org');
  const toast = useToast();
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const leave = useAction(() => auth.organization.leave({ organizationId: organization.id }), {
    // Everything about it goes for this person, and their list loses it (the client reloads the session).
    invalidates: [keys.organizations.one(organization.id), keys.organizations.lists],
  });
  const remove = useAction(() => auth.organization.delete({ organizationId: organization.id }), {
    // Everything about it goes for this person, and their list loses it (the client reloads the session).
    invalidates: [keys.organizations.one(organization.id), keys.organizations.lists],
  });
  const name = organization.name;

  const confirm = async () => {
    const action = asking === 'delete' ? remove : leave;
    const { error } = await action.run();
    setAsking(null);
    if (!error) toast(asking === 'delete' ? t('leave.deleted', { name }) : t('leave.left', { name }));
  };

  return (
    <div className="stack danger-zone org-part">
      <h3>{t('leave.title')}</h3>
      <p className="muted">{soleOwner ? t('leave.soleOwner', { name }) : isOwner ? t('leave.ownerHint') : t('leave.hint')}</p>
      <div className="actions">
        {soleOwner ? null : (
          <button type="button" onClick={() => setAsking('leave')} disabled={leave.pending}>
            {t('leave.leave')}
          </button>
        )}
        {isOwner ? (
          <button type="button" className="danger" onClick={() => setAsking('delete')} disabled={remove.pending}>
            {t('leave.delete')}
          </button>
        ) : null}
      </div>
      <ErrorMessage error={leave.error ?? remove.error} />
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? t('leave.deleteTitle', { name }) : t('leave.leaveTitle', { name })}
        confirmLabel={asking === 'delete' ? t('leave.deleteConfirm', { name }) : t('leave.leaveConfirm', { name })}
        destructive
        pending={leave.pending || remove.pending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p>{asking === 'delete' ? t('leave.deleteBody', { name }) : t('leave.leaveBody', { name })}</p>
      </ConfirmDialog>
    </div>
  );
}
