import { z } from 'zod';

/**
 * The schema is data: tables and fields declared once, extended by plugins
 * and by `user.additionalFields`; migrations and row conversion derive from it.
 */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'json';

export interface FieldDef {
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  index?: boolean;
  /** Long free text (tokens, JSON): never indexed, so MySQL may use TEXT. */
  long?: boolean;
  references?: { model: string; field: string; onDelete?: 'cascade' | 'set null' };
  defaultValue?: unknown | (() => unknown);
  /** false: never part of an answer. */
  returned?: boolean;
  /** true: accepted from a request body (sign-up, update-user). */
  input?: boolean;
  /** Validates an input value (a zod schema). */
  validator?: import('zod').ZodType;
  /** Turns an accepted input value into what is stored. */
  transform?: (value: unknown) => unknown;
}

export interface TableDef {
  fields: Record<string, FieldDef>;
  /** Sets of columns whose values together appear once (a unique index each, named by its columns). */
  uniqueTogether?: readonly (readonly string[])[];
  /**
   * Plain (non-unique) indexes over one or more columns, in order (named by its columns: `table_a_b_idx`), for
   * reads that filter on the first and range or sort on the next (e.g. `['type', 'createdAt']`).
   */
  indexes?: readonly (readonly string[])[];
}

export type Schema = Record<string, TableDef>;

/** A BCP 47 language tag as people send them ("de", "pt-BR", "zh-Hant-TW"). */
const LANGUAGE_TAG = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'locale must be a language tag such as "de" or "pt-BR"');

export const coreSchema = (): Schema => ({
  user: {
    fields: {
      name: { type: 'string', required: true, input: true },
      email: { type: 'string', required: true, unique: true },
      emailVerified: { type: 'boolean', required: true, defaultValue: false },
      image: { type: 'string', long: true, input: true },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
      // The language of the person's mails (docs/languages.md): set at sign-up from the body or
      // Accept-Language, changed through /update-user; never answered (the spec's user shape stays).
      locale: { type: 'string', input: true, returned: false, validator: LANGUAGE_TAG },
    },
  },
  session: {
    fields: {
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      token: { type: 'string', required: true, unique: true },
      expiresAt: { type: 'date', required: true },
      ipAddress: { type: 'string' },
      userAgent: { type: 'string', long: true },
      dontRemember: { type: 'boolean', returned: false },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  account: {
    fields: {
      providerId: { type: 'string', required: true },
      accountId: { type: 'string', required: true, index: true },
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      accessToken: { type: 'string', long: true, returned: false },
      refreshToken: { type: 'string', long: true, returned: false },
      idToken: { type: 'string', long: true, returned: false },
      accessTokenExpiresAt: { type: 'date' },
      refreshTokenExpiresAt: { type: 'date' },
      scope: { type: 'string', long: true },
      password: { type: 'string', returned: false },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  verification: {
    fields: {
      identifier: { type: 'string', required: true, index: true },
      value: { type: 'string', required: true, long: true },
      // Expired rows are swept by range (a prefix of identifier cannot use its index).
      expiresAt: { type: 'date', required: true, index: true },
      nonce: { type: 'string' },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
  auditEvent: {
    fields: {
      type: { type: 'string', required: true, index: true },
      userId: { type: 'string', index: true },
      actorId: { type: 'string' },
      ipAddress: { type: 'string' },
      userAgent: { type: 'string', long: true },
      details: { type: 'json' },
      createdAt: { type: 'date', required: true, index: true },
    },
  },
  rateLimit: {
    fields: {
      key: { type: 'string', required: true, unique: true },
      count: { type: 'number', required: true },
      lastRequest: { type: 'number', required: true },
    },
  },
});

/** Adds `extra` tables and fields to `base`; later contributions win per field. */
export function mergeSchema(base: Schema, extra: Partial<Schema> | undefined): Schema {
  if (!extra) return base;
  const out: Schema = { ...base };
  for (const [table, def] of Object.entries(extra)) {
    if (!def) continue;
    const together = [...(out[table]?.uniqueTogether ?? []), ...(def.uniqueTogether ?? [])];
    const indexes = [...(out[table]?.indexes ?? []), ...(def.indexes ?? [])];
    out[table] = {
      fields: { ...(out[table]?.fields ?? {}), ...def.fields },
      ...(together.length ? { uniqueTogether: together } : {}),
      ...(indexes.length ? { indexes } : {}),
    };
  }
  return out;
}
