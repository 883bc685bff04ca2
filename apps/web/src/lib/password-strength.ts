/**
 * The strength estimate shown while a person types a new password (zxcvbn-ts with its common
 * and English dictionaries). The estimator and its dictionaries weigh about a megabyte, so
 * they are fetched on first use (a dynamic import: a chunk of their own), never with the
 * first page.
 */

import { i18n } from '../i18n';
import en from '../i18n/locales/en/auth.json';

export type Score = 0 | 1 | 2 | 3 | 4;

export interface Strength {
  score: Score;
  /** "Very weak" … "Strong", in the app's language. */
  label: string;
  /** What is wrong with it, in a sentence (or null). */
  warning: string | null;
  /** How to make it stronger. */
  suggestions: string[];
}

type Feedback = typeof en.password.feedback;

/**
 * zxcvbn-ts speaks English only (its other languages come as separate dictionaries of a few
 * hundred kilobytes each): it is given its messages' own keys instead of sentences
 * (`warnings.common`), and the app says them in its language from auth.json `password.feedback`.
 */
function keysFor<T extends Record<string, string>>(group: string, messages: T): T {
  return Object.fromEntries(Object.keys(messages).map((k) => [k, `${group}.${k}`])) as T;
}

/** A key zxcvbn answered, in words (an unknown one, from a newer zxcvbn, is left out). */
function feedbackText(key: string): string | null {
  const [group, name] = key.split('.') as [keyof Feedback, string];
  if (!(en.password.feedback[group] as Record<string, string> | undefined)?.[name]) return null;
  return i18n.t(`password.feedback.${group}.${name}` as 'password.feedback.warnings.common', { ns: 'auth' });
}

export function strengthLabel(score: Score): string {
  return i18n.t(`password.labels.${score}`, { ns: 'auth' });
}

export type Estimate = (password: string, userInputs: string[]) => Strength;

let loading: Promise<Estimate> | undefined;

/** The estimator, loaded once (a failed load is tried again next time). */
export function loadStrengthEstimator(): Promise<Estimate> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, english]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: {
          ...english.translations,
          warnings: keysFor('warnings', english.translations.warnings),
          suggestions: keysFor('suggestions', english.translations.suggestions),
        },
        // Off: matching every dictionary word by edit distance made one estimate ≈ 50 times slower
        // (≈ 240 ms for a 16-character password on a server core, about a second on a phone, at every
        // keystroke). l33t and reversed forms of dictionary words are still found by zxcvbn's own matchers;
        // the meter advises, and the server's policy decides (`blockCommon`, on by default; the breached check).
        useLevenshteinDistance: false,
      });
      // Said in the language of the moment: the field estimates again when the language changes.
      return (password, userInputs) => {
        const { score, feedback } = zxcvbn.check(password, userInputs);
        const suggestions = feedback.suggestions.map(feedbackText).filter((s): s is string => s !== null);
        return { score, label: strengthLabel(score), warning: feedback.warning ? feedbackText(feedback.warning) : null, suggestions };
      };
    },
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The refusals the server gives about a new password itself: shown next to its field. */
const PASSWORD_CODES = new Set(['PASSWORD_COMPROMISED', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG']);

export function isPasswordRefusal(error: { code: string } | null | undefined): boolean {
  return !!error && PASSWORD_CODES.has(error.code);
}

/**
 * "At least 15 characters." in the words of the policy `/providers` announced: the minimum for
 * this person when known (`secondFactor` true or false), else both when they differ.
 */
export function lengthHint(minLength: number, withSecondFactor: number, secondFactor?: boolean): string {
  if (secondFactor) return i18n.t('password.length', { ns: 'auth', min: withSecondFactor });
  if (secondFactor === false || withSecondFactor === minLength) return i18n.t('password.length', { ns: 'auth', min: minLength });
  return i18n.t('password.lengthBoth', { ns: 'auth', min: minLength, withSecondFactor });
}
