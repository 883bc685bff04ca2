import type { AuthError } from '@gatehouse/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { FormError } from '../../components/FormError';
import { providerName } from '../../lib/provider-names';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { ProviderLogo } from './ProviderLogo';

/** One "Continue with {Provider}" button per configured social provider (in the sign-in page's "or" group). */
export function SocialButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const { socialProviders } = useServerInfo();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  if (socialProviders.length === 0) return null;

  const start = async (provider: string) => {
    setBusy(provider);
    setError(null);
    const result = await auth.signIn.social({
      provider,
      callbackURL: appURL(redirect),
      errorCallbackURL: appURL('/error'),
    });
    // On success the browser is already leaving for the provider.
    if (result.error) {
      setError(result.error);
      setBusy(null);
    }
  };

  return (
    <>
      {socialProviders.map((id) => (
        <button key={id} type="button" className="wide provider-button" onClick={() => start(id)} disabled={busy !== null}>
          <ProviderLogo id={id} name={providerName(id)} />
          {t('signIn.social', { provider: providerName(id) })}
        </button>
      ))}
      <FormError error={error} />
    </>
  );
}
