/**
 * The strength estimate shown while a person types a new password (zxcvbn-ts with its common
 * and English dictionaries). The estimator and its dictionaries weigh about a megabyte, so
 * they are fetched on first use (a dynamic import: a chunk of their own), never with the
 * first page.
 */

export type Score = 0 | 1 | 2 | 3 | 4;

export interface Strength {
  score: Score;
  /** One of STRENGTH_LABELS. */
  label: string;
  /** What is wrong with it, in a sentence (or null). */
  warning: string | null;
  /** How to make it stronger. */
  suggestions: string[];
}

export const STRENGTH_LABELS: Record<Score, string> = { 0: 'Very weak', 1: 'Weak', 2: 'Fair', 3: 'Good', 4: 'Strong' };

export type Estimate = (password: string, userInputs: string[]) => Strength;

let loading: Promise<Estimate> | undefined;

/** The estimator, loaded once (a failed load is tried again next time). */
export function loadStrengthEstimator(): Promise<Estimate> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, english]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
        useLevenshteinDistance: true,
      });
      return (password, userInputs) => {
        const { score, feedback } = zxcvbn.check(password, userInputs);
        return { score, label: STRENGTH_LABELS[score], warning: feedback.warning || null, suggestions: feedback.suggestions };
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
  if (secondFactor) return `At least ${withSecondFactor} characters.`;
  if (secondFactor === false || withSecondFactor === minLength) return `At least ${minLength} characters.`;
  return `At least ${minLength} characters (${withSecondFactor} with two-factor sign-in).`;
}
