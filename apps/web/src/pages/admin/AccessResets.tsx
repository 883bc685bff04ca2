import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { adminUserChanged } from '../../lib/queries';
import { useAction } from '../../lib/use-action';

type Kind = 'unlock' | 'resetTwoFactor';

/**
 * Two quick actions on a user's page, each confirmed in a dialog: "Unlock" lifts the pause of repeated
 * failed sign-ins, "Reset two-factor" turns their two-factor off (shown when it is on). Success is said
 * once, in a toast; a refusal stays beside the buttons in plain words.
 */
export function AccessResets({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [asking, setAsking] = useState<Kind | null>(null);
  const unlock = useAction(() => auth.admin.unlockUser({ userId: user.id }), { invalidates: adminUserChanged(user.id) });
  const reset = useAction(() => auth.admin.resetTwoFactor({ userId: user.id }), { invalidates: adminUserChanged(user.id) });
  const twoFactor = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const action = asking === 'resetTwoFactor' ? reset : unlock;

  const onConfirm = async () => {
    const kind = asking;
    if (!kind) return;
    (kind === 'unlock' ? reset : unlock).setError(null);
    const { error } = await action.run();
    setAsking(null);
    if (!error) toast(t(kind === 'unlock' ? 'userPage.unlocked' : 'userPage.twoFactorReset', { email: user.email }));
  };

  return (
    <>
      <button type="button" onClick={() => setAsking('unlock')} disabled={unlock.pending}>
        {t('userPage.unlock')}
      </button>
      {twoFactor ? (
        <button type="button" onClick={() => setAsking('resetTwoFactor')} disabled={reset.pending}>
          {t('userPage.resetTwoFactor')}
        </button>
      ) : null}
      <ErrorMessage error={unlock.error ?? reset.error} />
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'resetTwoFactor' ? 'userPage.resetTwoFactorTitle' : 'userPage.unlockTitle', { email: user.email })}
        confirmLabel={t(asking === 'resetTwoFactor' ? 'userPage.resetTwoFactorConfirm' : 'userPage.unlockConfirm')}
        destructive={asking === 'resetTwoFactor'}
        pending={action.pending}
        onConfirm={onConfirm}
        onCancel={() => setAsking(null)}
      >
        <p>{t(asking === 'resetTwoFactor' ? 'userPage.resetTwoFactorBody' : 'userPage.unlockBody')}</p>
      </ConfirmDialog>
    </>
  );
}
