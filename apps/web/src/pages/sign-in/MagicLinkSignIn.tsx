import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../lib/providers';

/** "Email me a sign-in link", shown when the server runs magic links; opens the request form. */
export function MagicLinkSignIn({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation('auth');
  const { features } = useServerInfo();
  if (!features.magicLink) return null;
  return (
    <button type="button" className="wide" onClick={onChoose}>
      {t('signIn.magicLink')}
    </button>
  );
}
