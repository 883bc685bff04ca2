import { z } from 'zod';
import { validationError, type APIError, type FieldIssue } from '../errors.js';
import type { Translator } from './translator.js';

/** Marks an issue whose field is missing, so that its words come from our catalogue (`validation.required`). */
const MISSING = '\u0000missing';

/**
 * A schema's refusal of a request: 400 VALIDATION_ERROR, its message each issue's words
 * joined, its issues by field. English is zod's default words (a missing field: "x is
 * required"); in another language the input is checked again with zod's locale for it
 * (`z.locales`) only when the answer is produced (`issuesIn`), never on the way in.
 */
export function schemaRefusal(i18n: Translator, schema: z.ZodType, input: unknown, error: z.ZodError): APIError {
  const refusal = refusalOf(
    error.issues,
    (issue) => issue.code === 'invalid_type' && /received undefined/.test(issue.message),
    (field) => `${field} is required`,
  );
  refusal.issuesIn = (locale) => {
    const again = schema.safeParse(input, {
      error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? MISSING : zodLocale(locale)?.(issue)),
    });
    if (again.success) return { message: refusal.message, issues: refusal.issues ?? [] };
    const localized = refusalOf(
      again.error.issues,
      (issue) => issue.message === MISSING,
      (field) => i18n.text(locale, 'validation.required', { field }),
      (message) => i18n.messageOnly(locale, message),
    );
    return { message: localized.message, issues: localized.issues ?? [] };
  };
  return refusal;
}

function refusalOf(
  zodIssues: readonly z.core.$ZodIssue[],
  isMissing: (issue: z.core.$ZodIssue) => boolean,
  required: (field: string) => string,
  own: (message: string) => string = (m) => m,
): APIError {
  const issues: FieldIssue[] = [];
  const parts: string[] = [];
  for (const i of zodIssues) {
    const field = i.path.join('.');
    if (isMissing(i)) {
      parts.push(required(field));
      issues.push({ field, message: required(field) });
    } else {
      // A schema's own words (`z.string().email('Invalid email')`) win over any locale: translated when catalogued.
      const message = own(i.message);
      parts.push(field ? `[${field}] ${message}` : message);
      issues.push({ field, message });
    }
  }
  return validationError(issues, parts.join('; '));
}

type LocaleError = (issue: z.core.$ZodRawIssue) => string | undefined;
const zodLocales = new Map<string, LocaleError | null>();

/** zod's error words for a locale (`z.locales.de()`), made once; null when zod has none (an operator's locale). */
function zodLocale(locale: string): LocaleError | null {
  let found = zodLocales.get(locale);
  if (found === undefined) {
    const name =
      Object.keys(z.locales).find((k) => k.toLowerCase() === locale.replace('-', '')) ?? Object.keys(z.locales).find((k) => k === locale.split('-')[0]);
    const make = name ? (z.locales as unknown as Record<string, () => { localeError: LocaleError }>)[name] : undefined;
    found = make ? make().localeError : null;
    zodLocales.set(locale, found);
  }
  return found;
}
