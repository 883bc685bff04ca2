import {
  answerOf,
  APIError,
  type AuthContext,
  BASE_ERRORS,
  fail,
  isEmail,
  normalizeEmail,
  parseUserInput,
  type PublicUser,
  type Row,
  type UserRow,
} from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint } from '../access.js';
import type { AdminConfig } from '../config.js';
import { roleInput } from './set-role.js';

const NOT_SETTABLE = new Set(['id', 'email', 'createdAt', 'updatedAt', 'role']);
const TYPE_OK: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  date: (v) => (typeof v === 'string' || typeof v === 'number') && !Number.isNaN(new Date(v).getTime()),
  json: () => true,
};

/**
 * The user fields of `data`: input fields through their validators (as at
 * sign-up), and, admins being trusted further, any other known field
 * (e.g. emailVerified) type-checked. Unknown fields are refused.
 */
function userData(auth: AuthContext, name: string, data: Row): Row {
  const out = parseUserInput(auth, { ...data, name }, 'create');
  for (const [key, value] of Object.entries(data)) {
    const fields = auth.schema.user!.fields;
    const def = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!def || NOT_SETTABLE.has(key)) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `Unknown field: ${key}`);
    if (def.input || value === undefined) continue;
    if (value !== null && !TYPE_OK[def.type]!(value)) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `${key} must be a ${def.type}`);
    out[key] = def.type === 'date' && value !== null ? new Date(value as string) : value;
  }
  return out;
}

/** POST /admin/create-user: the user and its credential account in one transaction; no session is made. */
export const createUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/create-user',
    answer: answerOf<{ user: PublicUser }>(),
    body: z.object({
      email: z.string(),
      password: z.string(),
      name: z.string(),
      role: roleInput.optional(),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
    async handler(c) {
      const { auth, body } = c;
      const email = normalizeEmail(body.email);
      if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
      await auth.password.check(body.password, { userId: null });
      const fields = userData(auth, body.name, body.data ?? {});
      if (await auth.adapter.findOne('user', [{ field: 'email', value: email }])) fail('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS');
      // Hash before the transaction: scrypt must never hold a database lock.
      const hash = await auth.password.hash(body.password, c);
      let user: UserRow | null;
      try {
        user = await auth.adapter.transaction(async (trx) => {
          const created = await trx.create<UserRow>('user', {
            emailVerified: false,
            ...fields,
            email,
            role: body.role ?? o.defaultRole,
          });
          if (!created) return null;
          await trx.create('account', { userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
          return created;
        });
      } catch (e) {
        if (e instanceof APIError) throw e;
        if (auth.database.caps.isUniqueViolation(e)) fail('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS');
        throw e;
      }
      if (!user) throw new APIError('UNPROCESSABLE_ENTITY', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER);
      return { user: auth.publicUser(user) };
    },
  });
