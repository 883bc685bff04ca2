import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';
import { adminUserChanged } from '../../lib/queries';

/**
 * The danger zone of a user, in the console's side panel and on the user's page: "Remove user",
 * confirmed in a dialog; `onRemoved` once the server has removed them. `Heading` is the level
 * the place it stands in needs (h3 in the panel, h2 on the page).
 */
export function RemoveUser({ user, onRemoved, Heading }: { user: User; onRemoved: () => void; Heading: 'h2' | 'h3' }) {
  const { t } = useTranslation('admin');
  const [confirm, setConfirm] = useState(false);
  const remove = useAction(() => auth.admin.removeUser({ userId: user.id }), { invalidates: adminUserChanged(user.id) });
  const onConfirm = async () => {
    const { error } = await remove.run();
    setConfirm(false);
    if (!error) onRemoved();
  };
  return (
    <>
      <div className="panel-part danger-zone">
        <Heading>{t('panel.removeHeading')}</Heading>
        <p className="muted">{t('panel.removeHint')}</p>
        <button type="button" className="danger" onClick={() => setConfirm(true)}>
          {t('panel.remove')}
        </button>
        <ErrorMessage error={remove.error} />
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('panel.removeTitle', { email: user.email })}
        confirmLabel={t('panel.removeConfirm', { email: user.email })}
        destructive
        pending={remove.pending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(false)}
      >
        <p>{t('panel.removeBody')}</p>
      </ConfirmDialog>
    </>
  );
}
