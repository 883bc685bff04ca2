import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../auth';
import { currentLanguage, LANGUAGES } from '../i18n';

/**
 * Picks the app's language; the choice is remembered in this browser and, for a signed-in person, on their
 * account, so the mails Gatehouse sends them (verification, reset, codes) speak it too.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { data } = useSession();
  const id = useId();
  const choose = async (code: string) => {
    await i18n.changeLanguage(code);
    // Best effort: the app's language changed either way; the account's follows when the server agrees.
    if (data) await auth.updateUser({ locale: code });
  };
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language')}</label>
      <select id={id} value={currentLanguage()} onChange={(e) => void choose(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
