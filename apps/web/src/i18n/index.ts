import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { english } from './english';

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

/** The other languages' catalogues, each a chunk of its own fetched when the language is first spoken. */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', '!./locales/en/*.json']);

const loadOtherLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** Settles once the person's language is loaded: the app renders after it (main.tsx), so it never flashes English. */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(loadOtherLanguages)
  .use(initReactI18next)
  .init({
    resources: { en: english },
    // English is bundled; the others come through the backend above.
    partialBundledLanguages: true,
    ns: Object.keys(english),
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
