import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auth, useSession } from '../auth';
import { displayName } from '../lib/roles';
import { useAction } from '../lib/use-action';
import { ErrorMessage } from './Messages';

/** Shown on every page while an admin acts as someone else. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { data } = useSession();
  const navigate = useNavigate();
  const stop = useAction(() => auth.admin.stopImpersonating());
  if (!data?.session.impersonatedBy) return null;

  const onStop = async () => {
    const { error } = await stop.run();
    if (!error) navigate('/admin');
  };

  return (
    <section className="banner" aria-label={t('impersonation.region')}>
      <p>{t('impersonation.banner', { name: displayName(data.user) })}</p>
      <button type="button" onClick={onStop} disabled={stop.pending}>
        {t('impersonation.stop')}
      </button>
      <ErrorMessage error={stop.error} />
    </section>
  );
}
