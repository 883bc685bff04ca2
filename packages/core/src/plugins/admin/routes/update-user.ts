import { answerOf, APIError, type AuthContext, parseUserInput, type PublicUser, type Row, type UserRow } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/**
 * Fields with a route of their own, which also checks, records or signs out what they must:
 * the role (set-role), a ban (ban-user, unban-user), the address (change-email's verification),
 * the password (set-user-password, stored on the credential account).
 */
const OWN_ROUTE = new Set(['id', 'email', 'createdAt', 'updatedAt', 'role', 'banned', 'banReason', 'banExpires', 'password']);
const TYPE_OK: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string' && v.length <= 10_000,
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  date: (v) => (typeof v === 'string' || typeof v === 'number') && !Number.isNaN(new Date(v).getTime()),
  json: () => true,
};

/** The changes of `data`: input fields through their validators (as at sign-up), other known fields (emailVerified) type-checked. */
function changes(auth: AuthContext, data: Row): Row {
  const keys = Object.keys(data);
  if (keys.length === 0) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', 'No data to update');
  const out = parseUserInput(auth, data, 'update');
  const fields = auth.schema.user!.fields;
  for (const key of keys) {
    const def = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (OWN_ROUTE.has(key)) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `${key} cannot be changed here`);
    if (!def) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `Unknown field: ${key}`);
    const value = data[key];
    if (def.input || value === undefined) continue;
    if (value === null ? def.required : !TYPE_OK[def.type]!(value)) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `${key} must be a ${def.type}`);
    out[key] = def.type === 'date' && value !== null ? new Date(value as string) : value;
  }
  return out;
}

/**
 * POST /admin/update-user {userId, data}: changes the user's own fields (better-auth 1.7's
 * shape); the console uses it to mark an address verified that the admin knows to be the person's.
 * Answers the user as it now is.
 */
export const updateUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/update-user',
    answer: answerOf<PublicUser>(),
    body: z.object({ userId: z.string().min(1), data: z.record(z.string(), z.unknown()) }),
    async handler(c) {
      const { auth, body } = c;
      const user = await requireUser(auth, body.userId);
      const update = changes(auth, body.data);
      const updated = await auth.adapter.update<UserRow>('user', [{ field: 'id', value: user.id }], update);
      await auth.audit.record(c, 'user.update', { userId: user.id, details: { fields: Object.keys(update).sort() } });
      return auth.publicUser(updated ?? user);
    },
  });
