import { i18n } from '../i18n';

// Every code the server can answer or put in a redirect has a sentence in the `codes` messages
// (locales/<lng>/codes.json, keyed by the code as the server spells it); `error-codes.test.ts`
// fails when a server catalogue gains a code without one.

/** Whether a code has its own sentence. */
export function isKnownError(code: string): boolean {
  return code !== 'unknown' && i18n.exists(code, { ns: 'codes', lng: 'en' });
}

/** Explains an error code in a sentence, in the app's language; unknown codes get a generic one. */
export function explainError(code: string): string {
  const key = isKnownError(code) ? code : 'unknown';
  // The key is checked just above; the typed `t` cannot know a code read from the address.
  return i18n.t(key as 'unknown', { ns: 'codes' });
}

/** Codes the app makes up itself (no answer, a check on the page): nothing for a "Details" line. */
const LOCAL_CODES = new Set(['', 'FETCH_ERROR', 'CLIENT_VALIDATION', 'CLIENT_ERROR']);

/** The code to show in small print under a message, or null when it would tell a person nothing. */
export function detailsCode(code: string | null | undefined): string | null {
  return code && !LOCAL_CODES.has(code) ? code : null;
}

/** A server's words as a sentence: a capital first letter and a closing stop ("invalid token" → "Invalid token."). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed[0]!.toLocaleUpperCase(i18n.language) + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}
