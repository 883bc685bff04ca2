import type { AuditScope, AuthContext, Where } from '../../kit.js';
import { ScimError } from './errors.js';
import type { GroupMapping } from './config.js';
import type { ScimConnectionRow } from './schema.js';

/** One authenticated request under /scim/v2: whose connection, what it sent. */
export interface ScimCall {
  auth: AuthContext;
  connection: ScimConnectionRow;
  /** What the audit log records of the request (no session: the directory acts). */
  scope: AuditScope;
  query: URLSearchParams;
  body: unknown;
  /** What Groups become in the organization (teams, roles), from the options. */
  groups: GroupMapping;
}

/** What a SCIM handler answers: a status and a resource (none for 204). */
export interface ScimAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const MAX_RESULTS = 100;

/** The tenancy of every query: this connection's rows only. */
export const tenantOf = (call: ScimCall): Where[] => [
  { field: 'organizationId', value: call.connection.organizationId },
  { field: 'providerId', value: call.connection.providerId },
];

/** `{BASE_URL}{basePath}/scim/v2/{Users|Groups}/{id}`. */
export const locationOf = (call: ScimCall, type: 'Users' | 'Groups', id: string) => call.auth.url(`/scim/v2/${type}/${encodeURIComponent(id)}`);

/** startIndex (1-based, at least 1) and count (default and maximum 100, 0 for totals only). */
export function pageOf(query: URLSearchParams): { startIndex: number; count: number } {
  const int = (name: string, fallback: number) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
    return n;
  };
  const startIndex = Math.max(1, int('startIndex', 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, int('count', MAX_RESULTS)));
  return { startIndex, count };
}

/** `attributes` / `excludedAttributes` (RFC 7644 3.4.2.5) on top-level attributes; id, schemas and meta always stay. */
export function project(resource: Record<string, unknown>, query: URLSearchParams): Record<string, unknown> {
  const list = (name: string) =>
    (query.get(name) ?? '')
      .split(',')
      .map((s) =>
        s
          .trim()
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '')
          .split('.')[0]!
          .toLowerCase(),
      )
      .filter(Boolean);
  const keep = list('attributes');
  const drop = list('excludedAttributes');
  if (!keep.length && !drop.length) return resource;
  const always = new Set(['id', 'schemas', 'meta']);
  return Object.fromEntries(
    Object.entries(resource).filter(([k]) => always.has(k) || ((!keep.length || keep.includes(k.toLowerCase())) && !drop.includes(k.toLowerCase()))),
  );
}

/** A ListResponse of one page. */
export function listResponse(total: number, startIndex: number, resources: unknown[]) {
  return { schemas: [LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}
