import type { Schema } from './db/schema.js';
import type { Row } from './db/types.js';
import { type APIError, validationError } from './errors.js';
import type { Translator } from './i18n/translator.js';

/** The public shape of a row: fields with `returned: false` left out. */
export function publicRow(auth: { schema: Schema }, model: string, row: Row): Row {
  const fields = auth.schema[model]!.fields;
  const out: Row = { id: row.id };
  for (const [name, def] of Object.entries(fields)) {
    if (def.returned === false) continue;
    if (row[name] !== undefined) out[name] = row[name];
  }
  return out;
}

const TYPE_CHECK: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  date: (v) => (typeof v === 'string' || typeof v === 'number') && !Number.isNaN(new Date(v).getTime()),
  json: () => true,
};

/**
 * The user fields a request may set (those declared `input: true`),
 * type-checked, validated and transformed. On create, required ones must be there.
 */
type FieldText = 'validation.required' | 'validation.type' | 'validation.tooLong';

/** One field's refusal, in English as before and, through `issuesIn`, in the language of the answer. */
function refusal(i18n: Translator | undefined, field: string, key: FieldText, english: string, values: Record<string, string> = {}): APIError {
  const error = validationError([{ field, message: english }]);
  if (i18n) {
    error.issuesIn = (locale) => {
      const message = i18n.text(locale, key, { field, ...values });
      return { message, issues: [{ field, message }] };
    };
  }
  return error;
}

export function parseUserInput(auth: { schema: Schema; i18n?: Translator }, body: Record<string, unknown>, action: 'create' | 'update'): Row {
  const out: Row = {};
  for (const [name, def] of Object.entries(auth.schema.user!.fields)) {
    if (!def.input) continue;
    let value = body[name];
    if (value === undefined || value === null) {
      if (action === 'create' && def.required && def.defaultValue === undefined && value === undefined) {
        throw refusal(auth.i18n, name, 'validation.required', `${name} is required`);
      }
      if (value === null && !def.required) out[name] = null;
      continue;
    }
    if (!TYPE_CHECK[def.type]!(value)) throw refusal(auth.i18n, name, 'validation.type', `${name} must be a ${def.type}`, { type: def.type });
    if (def.type === 'string' && (value as string).length > 10_000) throw refusal(auth.i18n, name, 'validation.tooLong', `${name} is too long`);
    if (def.validator) {
      const r = def.validator.safeParse(value);
      if (!r.success) throw validationError([{ field: name, message: r.error.issues[0]?.message ?? `${name} is invalid` }]);
      value = r.data;
    }
    if (def.transform) value = def.transform(value);
    if (def.type === 'date') value = new Date(value as string);
    out[name] = value;
  }
  return out;
}
