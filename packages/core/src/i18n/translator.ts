import { localDate, localDuration } from './format.js';
import { matchLocale, negotiateLocale } from './negotiate.js';
import { BUILT_IN_LOCALES, type I18nOptions, type MessageSource } from './types.js';

const OPTION_KEYS = new Set(['defaultLocale', 'messages']);
const LOCALE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/**
 * Every text Gatehouse answers or mails, in every supported language: the sources' English
 * and translations (the core's, the account flows', each plugin's), then the operator's
 * `i18n.messages` over them. Built once at start; a request pays for it only when an error
 * or a mail is produced (error-answer.ts, the mail templates), never on a plain answer.
 */
export class Translator {
  readonly defaultLocale: string;
  readonly locales: ReadonlySet<string>;
  /** Text key → English. */
  private readonly english = new Map<string, string>();
  /** `code\nEnglish message` → locale → translation: a code two catalogues share may say different things. */
  private readonly errorTranslations = new Map<string, Map<string, string>>();
  /** Text key → locale → translation. */
  private readonly textTranslations = new Map<string, Map<string, string>>();
  /** English error message → its code, to translate a message that arrives without its code (an issue). */
  private readonly codeOfMessage = new Map<string, string>();
  private readonly errorCodes = new Set<string>();
  /** Locale → key → the operator's text. */
  private readonly overrides = new Map<string, Map<string, string>>();
  /** True when an English answer is not byte for byte the catalogue's (a default other than English, or English overrides). */
  readonly englishChanged: boolean;

  constructor(sources: readonly MessageSource[], options: I18nOptions = {}) {
    for (const key of Object.keys(options)) if (!OPTION_KEYS.has(key)) throw new Error(`i18n: unknown option "${key}"`);
    for (const source of sources) this.add(source);
    const locales = new Set(BUILT_IN_LOCALES);
    for (const [rawLocale, texts] of Object.entries(options.messages ?? {})) {
      if (!LOCALE_TAG.test(rawLocale)) throw new Error(`i18n.messages: "${rawLocale}" is not a language tag (such as "de" or "pt-BR")`);
      const locale = rawLocale.toLowerCase();
      locales.add(locale);
      const own = new Map<string, string>();
      for (const [key, text] of Object.entries(texts ?? {})) {
        if (!this.errorCodes.has(key) && !this.english.has(key)) throw new Error(`i18n.messages.${rawLocale}: unknown message "${key}"`);
        if (typeof text !== 'string') throw new Error(`i18n.messages.${rawLocale}.${key}: must be a string`);
        own.set(key, text);
      }
      this.overrides.set(locale, own);
    }
    this.locales = locales;
    const fallback = (options.defaultLocale ?? 'en').toLowerCase();
    if (!locales.has(fallback)) {
      throw new Error(`i18n.defaultLocale: "${options.defaultLocale}" is not a supported locale (${[...locales].join(', ')}, or one given in i18n.messages)`);
    }
    this.defaultLocale = fallback;
    this.englishChanged = fallback !== 'en' || (this.overrides.get('en')?.size ?? 0) > 0;
  }

  private add(source: MessageSource): void {
    for (const [code, message] of Object.entries(source.errors ?? {})) {
      this.errorCodes.add(code);
      if (!this.codeOfMessage.has(message)) this.codeOfMessage.set(message, code);
      const pair = `${code}\n${message}`;
      for (const [locale, texts] of Object.entries(source.translations)) {
        const text = texts[code];
        if (text !== undefined) mapOf(this.errorTranslations, pair).set(locale, text);
      }
    }
    for (const [key, english] of Object.entries(source.texts ?? {})) {
      this.english.set(key, english);
      for (const [locale, texts] of Object.entries(source.translations)) {
        const text = texts[key];
        if (text !== undefined) mapOf(this.textTranslations, key).set(locale, text);
      }
    }
  }

  /** The language for a request's `Accept-Language` header. */
  negotiate(acceptLanguage: string | null | undefined): string {
    return negotiateLocale(acceptLanguage, this.locales, this.defaultLocale);
  }

  /**
   * The language of an answer to an error, or null when it is today's English as it is
   * (no header, or English first, and nothing changed): the caller then sends the error's own bytes.
   */
  answerLocale(acceptLanguage: string | null | undefined): string | null {
    if (!acceptLanguage && !this.englishChanged) return null;
    const locale = this.negotiate(acceptLanguage);
    return locale === 'en' && !this.englishChanged ? null : locale;
  }

  /**
   * The language of a mail to someone: the one stored on their user (when still supported),
   * else the request's, else the default.
   */
  recipientLocale(stored: unknown, acceptLanguage?: string | null): string {
    if (typeof stored === 'string' && stored) {
      const locale = matchLocale(stored, this.locales);
      if (locale) return locale;
    }
    return this.negotiate(acceptLanguage);
  }

  /**
   * An error's message in `locale`: the operator's text for its code, else the translation,
   * else the message as it is. Only a catalogued message is replaced: one made for the
   * occasion (a validation issue's words) keeps its own.
   */
  errorMessage(locale: string, code: string, message: string): string {
    const catalogued = this.errorTranslations.has(`${code}\n${message}`) || this.codeOfMessage.get(message) === code;
    if (!catalogued) return message;
    return (
      this.overrides.get(locale)?.get(code) ?? this.errorTranslations.get(`${code}\n${message}`)?.get(locale) ?? this.overrides.get('en')?.get(code) ?? message
    );
  }

  /** A message that arrives without its code (an issue's words), translated when it is a catalogued one. */
  messageOnly(locale: string, message: string): string {
    const code = this.codeOfMessage.get(message);
    return code ? this.errorMessage(locale, code, message) : message;
  }

  /** A text (`mail.verification.subject`) in `locale`, with its `{values}` put in. */
  text(locale: string, key: string, values: Record<string, string | number> = {}): string {
    const template =
      this.overrides.get(locale)?.get(key) ?? this.textTranslations.get(key)?.get(locale) ?? this.overrides.get('en')?.get(key) ?? this.english.get(key);
    if (template === undefined) throw new Error(`i18n: no text "${key}"`);
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  }

  duration(locale: string, seconds: number): string {
    return localDuration(locale, seconds);
  }

  date(locale: string, date: Date): string {
    return localDate(locale, date);
  }
}

function mapOf<K, V>(outer: Map<K, Map<string, V>>, key: K): Map<string, V> {
  const inner = outer.get(key) ?? new Map<string, V>();
  outer.set(key, inner);
  return inner;
}
