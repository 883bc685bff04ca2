import { answerOf, APIError, type AuthContext, type FieldDef, type PublicUser, type Where } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint } from '../access.js';
import type { AdminConfig } from '../config.js';

/** A user field that may be sorted or filtered on: known and answerable (never a `returned: false` one). */
function listableField(auth: AuthContext, name: string): FieldDef {
  const def = auth.adapter.field('user', name);
  if (!def || def.returned === false || def.type === 'json') throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `Unknown field: ${name}`);
  return def;
}

/** The query string's filterValue as the field's type. */
function typedValue(def: FieldDef, name: string, raw: string): unknown {
  const bad = () => new APIError('BAD_REQUEST', 'VALIDATION_ERROR', `filterValue is not a valid ${def.type} for ${name}`);
  switch (def.type) {
    case 'boolean':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw bad();
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'date': {
      const d = /^\d+$/.test(raw) ? new Date(Number(raw)) : new Date(raw);
      if (Number.isNaN(d.getTime())) throw bad();
      return d;
    }
    default:
      return raw;
  }
}

/**
 * GET /admin/list-users: search, filter, sort and page, all in SQL through the
 * adapter; `total` counts every match, not just the page.
 */
export const listUsers = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'GET',
    path: '/admin/list-users',
    answer: answerOf<{ users: PublicUser[]; total: number; limit?: number; offset?: number }>(),
    query: z.object({
      searchValue: z.string().optional(),
      searchField: z.enum(['email', 'name']).default('email'),
      searchOperator: z.enum(['contains', 'starts_with', 'ends_with']).default('contains'),
      limit: z.coerce.number().int().min(0).default(100),
      offset: z.coerce.number().int().min(0).default(0),
      sortBy: z.string().min(1).optional(),
      sortDirection: z.enum(['asc', 'desc']).default('asc'),
      filterField: z.string().min(1).optional(),
      filterValue: z.string().optional(),
      filterOperator: z.enum(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']).default('eq'),
    }),
    async handler(c) {
      const { auth, query: q } = c;
      const where: Where[] = [];
      if (q.searchValue) where.push({ field: q.searchField, value: q.searchValue, operator: q.searchOperator });
      if (q.filterField) {
        const def = listableField(auth, q.filterField);
        if (q.filterValue === undefined) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', 'filterValue is required');
        where.push({ field: q.filterField, value: typedValue(def, q.filterField, q.filterValue), operator: q.filterOperator });
      }
      const sortField = q.sortBy ?? 'createdAt';
      listableField(auth, sortField);
      const [users, total] = await Promise.all([
        auth.adapter.findMany('user', { where, limit: q.limit, offset: q.offset, sortBy: { field: sortField, direction: q.sortDirection } }),
        auth.adapter.count('user', where),
      ]);
      return { users: users.map((u) => auth.publicUser(u)), total, limit: q.limit, offset: q.offset };
    },
  });
