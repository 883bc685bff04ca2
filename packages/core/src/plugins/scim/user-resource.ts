import { z } from 'zod';
import { invalidValue } from './errors.js';
import type { ScimUserRow } from './schema.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const text = z.string().trim().max(1024);
const nameSchema = z
  .object({
    formatted: text.optional(),
    givenName: text.optional(),
    familyName: text.optional(),
    middleName: text.optional(),
    honorificPrefix: text.optional(),
    honorificSuffix: text.optional(),
  })
  .strip();
const emailSchema = z
  .object({
    value: z.string().trim().toLowerCase().pipe(z.email().max(254)),
    type: z.string().trim().max(64).optional(),
    primary: z.boolean().optional(),
    display: text.optional(),
  })
  .strip();

/** Attributes kept as given and answered back (a directory reads them back to compare). */
const EXTRA_ATTRIBUTES = [
  'nickName',
  'title',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
  'profileUrl',
  'phoneNumbers',
  'addresses',
  ENTERPRISE_SCHEMA,
] as const;

const userInput = z.object({
  schemas: z.array(z.string()).min(1),
  userName: z.string().trim().min(1).max(255),
  externalId: z.string().trim().max(255).nullish(),
  name: nameSchema.nullish(),
  displayName: text.nullish(),
  emails: z.array(emailSchema).max(20).nullish(),
  active: z.boolean().optional(),
});

/** A User as stored: the attributes the account does not hold, and what decides the account's email and name. */
export interface ScimUserData {
  userName: string;
  externalId: string | null;
  name: z.infer<typeof nameSchema> | null;
  displayName: string | null;
  emails: z.infer<typeof emailSchema>[];
  active: boolean;
  extra: Record<string, unknown>;
}

function checkSchemas(schemas: unknown): void {
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === USER_SCHEMA.toLowerCase())) {
    throw invalidValue(`schemas must include ${USER_SCHEMA}`);
  }
  const unknown = schemas.find((s) => typeof s !== 'string' || ![USER_SCHEMA, ENTERPRISE_SCHEMA].some((k) => k.toLowerCase() === s.toLowerCase()));
  if (unknown !== undefined) throw invalidValue(`Unknown schema ${String(unknown)}`);
}

/** A POST/PUT body (or a patched resource) → the User's data; refusals are 400 invalidValue naming the attribute. */
export function parseUserInput(body: unknown): ScimUserData {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidValue('The body must be a User object');
  const b = body as Record<string, unknown>;
  checkSchemas(b.schemas);
  if (b.userName === undefined || b.userName === null || b.userName === '') throw invalidValue('userName is required');
  if (b.active !== undefined && typeof b.active !== 'boolean') throw invalidValue('active must be a boolean');
  const parsed = userInput.safeParse(b);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidValue(`${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const u = parsed.data;
  const emails = u.emails ?? [];
  if (emails.filter((e) => e.primary).length > 1) throw invalidValue('emails: at most one may be primary');
  const extra: Record<string, unknown> = {};
  for (const key of EXTRA_ATTRIBUTES) {
    const found = Object.keys(b).find((k) => k.toLowerCase() === key.toLowerCase());
    if (found !== undefined && b[found] !== null && b[found] !== undefined) extra[key] = b[found];
  }
  if (JSON.stringify(extra).length > 16_384) throw invalidValue('The User has too much data');
  const data: ScimUserData = {
    userName: u.userName,
    externalId: u.externalId || null,
    name: u.name && Object.keys(u.name).length ? u.name : null,
    displayName: u.displayName || null,
    emails,
    active: u.active ?? true,
    extra,
  };
  primaryEmail(data);
  return data;
}

/** Which email is the primary one: the marked one, else the work one, else the first (-1: none). */
function primaryIndex(emails: ScimUserData['emails']): number {
  const marked = emails.findIndex((e) => e.primary);
  if (marked >= 0) return marked;
  const work = emails.findIndex((e) => e.type?.toLowerCase() === 'work');
  return work >= 0 ? work : emails.length ? 0 : -1;
}

const looksLikeEmail = (s: string) => z.email().safeParse(s).success;

/** The account's email: the primary one, else the work one, else the first, else userName; 400 when there is none. */
export function primaryEmail(u: Pick<ScimUserData, 'emails' | 'userName'>): string {
  const chosen = u.emails[primaryIndex(u.emails)];
  if (chosen) return chosen.value;
  const userName = u.userName.trim().toLowerCase();
  if (looksLikeEmail(userName)) return userName;
  throw invalidValue('An email is needed: userName an email address, or emails');
}

function joinedName(u: ScimUserData): string | null {
  const n = u.name;
  if (!n) return null;
  if (n.formatted) return n.formatted;
  const parts = [n.honorificPrefix, n.givenName, n.middleName, n.familyName, n.honorificSuffix].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

/** The account's name (and the User's displayName when none was given). */
export const displayNameOf = (u: ScimUserData): string => u.displayName ?? joinedName(u) ?? u.userName;

/** The search key of the emails: "|type>value|" each, lower-cased. */
export function emailsKey(u: ScimUserData): string {
  const list = u.emails.length ? u.emails : [{ value: primaryEmail(u), type: undefined }];
  return list.map((e) => `|${(e.type ?? '').toLowerCase()}>${e.value.toLowerCase()}|`).join('');
}

/** What the link row keeps of the User beside its columns. */
export const storedAttributes = (u: ScimUserData) => ({ name: u.name, displayName: u.displayName, emails: u.emails, extra: u.extra });

/** The stored row → the User's data. */
export function userDataOf(row: ScimUserRow): ScimUserData {
  const a = (row.attributes ?? {}) as Partial<ReturnType<typeof storedAttributes>>;
  return {
    userName: row.userName,
    externalId: row.externalId,
    name: a.name ?? null,
    displayName: a.displayName ?? null,
    emails: a.emails ?? [],
    active: row.active,
    extra: a.extra ?? {},
  };
}

/**
 * The User resource as answered (RFC 7643 4.1). `asStored`: displayName and name.formatted only as
 * given, not derived (what a PATCH applies to, so a derived value does not become a given one).
 */
export function userResource(row: ScimUserRow, location: string, asStored = false): Record<string, unknown> {
  const u = userDataOf(row);
  const primary = primaryEmail(u);
  const index = primaryIndex(u.emails);
  // Without emails the address is userName's: answered as an email, but not stored as one (a PATCH of userName moves it).
  const emails = u.emails.length ? u.emails.map((e, i) => ({ ...e, primary: i === index })) : asStored ? [] : [{ value: primary, primary: true }];
  const displayName = displayNameOf(u);
  const hasEnterprise = ENTERPRISE_SCHEMA in u.extra;
  return {
    schemas: hasEnterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: row.id,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.userName,
    ...(asStored
      ? { ...(u.name ? { name: u.name } : {}), ...(u.displayName ? { displayName: u.displayName } : {}) }
      : { name: { ...(u.name ?? {}), formatted: joinedName(u) ?? displayName }, displayName }),
    emails,
    active: u.active,
    ...u.extra,
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location },
  };
}
