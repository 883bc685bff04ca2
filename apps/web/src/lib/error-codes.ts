import { i18n } from '../i18n';

// The sentences live in the `common` messages under `errors.<code>` (spec section 8's redirect codes and a few
// of the API's), so they are translated with the rest of the app.

/** Whether a code the server can put in a redirect has its own sentence. */
export function isKnownError(code: string): boolean {
  return code !== 'unknown' && i18n.exists(`errors.${code}`, { lng: 'en' });
}

/** Explains an error code in a sentence, in the app's language; unknown codes get a generic one. */
export function explainError(code: string): string {
  const key = isKnownError(code) ? code : 'unknown';
  // The key is checked just above; the typed `t` cannot know a code read from the address.
  return i18n.t(`errors.${key}` as 'errors.unknown');
}
