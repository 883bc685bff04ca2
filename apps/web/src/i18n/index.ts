import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';

/** The languages the app speaks; the first is the fallback. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** Where the person's own choice is remembered (the detector reads it before the browser's languages). */
export const LANGUAGE_KEY = 'gatehouse.language';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    // `de-CH` from the browser is served as `de`.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
    },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The language the app speaks now, as one of LANGUAGES. */
export function currentLanguage(): Language {
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return LANGUAGES.some((l) => l.code === code) ? (code as Language) : 'en';
}

// The page's `lang` follows the language, for screen readers and hyphenation.
const setDocumentLanguage = () => {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
};
i18n.on('languageChanged', setDocumentLanguage);
i18n.on('initialized', setDocumentLanguage);
// With its resources bundled, init may finish before these listeners are attached.
if (i18n.isInitialized) setDocumentLanguage();

export { i18n };
