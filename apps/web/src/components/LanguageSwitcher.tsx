import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n';

/** Picks the app's language; the choice is remembered in this browser. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language')}</label>
      <select id={id} value={currentLanguage()} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
