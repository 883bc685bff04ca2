/** Texts by key (an error code, or a mail's or a refusal's text key such as `mail.verification.subject`). */
export type Catalogue = Readonly<Record<string, string>>;

/** The locales every built-in text is translated into, beside English. */
export const TRANSLATED_LOCALES = ['de', 'fr', 'es'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** The locales answered out of the box. */
export const BUILT_IN_LOCALES: readonly string[] = ['en', ...TRANSLATED_LOCALES];

/**
 * What a part of Gatehouse (the core, the account flows, a plugin) says, and in which
 * languages: its error catalogue and its other texts in English, and the translations
 * of both by locale. `defineTranslations` makes one, checked complete at compile time.
 */
export interface MessageSource {
  /** Error code → the specification's English message. */
  errors?: Catalogue;
  /** Text key → English (mails, validation words); `{name}` marks a value put in. */
  texts?: Catalogue;
  /** Locale → key (error code or text key) → the translation. */
  translations: Readonly<Record<string, Catalogue>>;
}

/** The `i18n` option: the default language and the operator's own words, by locale and key. */
export interface I18nOptions {
  /** The language of answers to requests whose Accept-Language names nothing supported (default 'en'). */
  defaultLocale?: string;
  /**
   * Locale → key → text: replaces a built-in text (an error code's message, a mail text) in that
   * locale. A locale not built in becomes supported; what it leaves out is said in English.
   */
  messages?: Record<string, Record<string, string>>;
}

/**
 * A catalogue's translations, every key of `errors` and `texts` in each of de, fr and es
 * (the compiler refuses a missing one; `i18n/completeness.test.ts` checks again at run time).
 */
export function defineTranslations<const E extends Catalogue, const T extends Catalogue>(
  errors: E,
  texts: T,
  translations: Record<TranslatedLocale, Record<keyof E | keyof T, string>>,
): MessageSource {
  return { errors, texts, translations };
}
