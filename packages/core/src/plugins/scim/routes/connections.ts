import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import { requireConnectionManager } from '../connection.js';
import { groupMapping } from '../mapping.js';
import type { ScimConnectionRow } from '../schema.js';

export interface ScimConnectionInfo {
  providerId: string;
  organizationId: string;
  createdAt: string;
  /** The SCIM base URL a directory is given. */
  endpoint: string;
  /** The directory's last request (`PATCH /Users/…`), when and how it was answered; null before the first. */
  lastRequest: { at: string; request: string; status: number } | null;
}

/** What the directory's Groups become in the organization (the server's `scim.groups`), the same for every connection. */
export interface ScimGroupsInfo {
  /** Each Group is a team of the organization. */
  teams: boolean;
  /** Group displayName (lower case) → the role its members hold. */
  roles: Record<string, string>;
}

/** GET /scim/list-connections?organizationId: the organization's directory connections (never a token). Owner or admin. */
export const listScimConnections = defineEndpoint({
  method: 'GET',
  path: '/scim/list-connections',
  requireSession: true,
  answer: answerOf<{ connections: ScimConnectionInfo[]; groups: ScimGroupsInfo }>(),
  query: z.object({ organizationId: z.string().min(1).max(255) }),
  openapi: { summary: "The organization's SCIM connections" },
  async handler(c) {
    await requireConnectionManager(c, c.query.organizationId);
    type Row = ScimConnectionRow & { createdAt: Date; lastRequestAt: Date | null; lastRequest: string | null; lastStatus: number | null };
    const rows = await c.auth.adapter.findMany<Row>('scimConnection', {
      where: [{ field: 'organizationId', value: c.query.organizationId }],
      sortBy: { field: 'createdAt', direction: 'asc' },
    });
    const endpoint = c.auth.url('/scim/v2');
    const last = (r: Row) =>
      r.lastRequestAt && r.lastRequest && r.lastStatus !== null ? { at: r.lastRequestAt.toISOString(), request: r.lastRequest, status: r.lastStatus } : null;
    const mapping = groupMapping.find(c.auth);
    return {
      groups: { teams: mapping?.teams ?? false, roles: Object.fromEntries(mapping?.roles ?? []) },
      connections: rows.map(
        (r): ScimConnectionInfo => ({
          providerId: r.providerId,
          organizationId: r.organizationId,
          createdAt: r.createdAt.toISOString(),
          endpoint,
          lastRequest: last(r),
        }),
      ),
    };
  },
});

/** POST /scim/revoke-token {providerId, organizationId}: the token stops working at once; users and groups stay. Owner or admin. */
export const revokeScimToken = defineEndpoint({
  method: 'POST',
  path: '/scim/revoke-token',
  requireSession: true,
  answer: answerOf<{ success: boolean }>(),
  body: z.object({ providerId: z.string().min(1).max(128), organizationId: z.string().min(1).max(255) }),
  openapi: { summary: 'Revoke the SCIM bearer token of a directory connection' },
  async handler(c) {
    const { auth, body } = c;
    await requireConnectionManager(c, body.organizationId);
    const n = await auth.adapter.delete('scimConnection', [
      { field: 'organizationId', value: body.organizationId },
      { field: 'providerId', value: body.providerId },
    ]);
    if (n > 0) await auth.audit.record(c, 'scim.token.revoked', { details: { providerId: body.providerId, organizationId: body.organizationId } });
    return { success: n > 0 };
  },
});
