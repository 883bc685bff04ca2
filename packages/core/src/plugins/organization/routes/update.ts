import { z } from 'zod';
import { APIError, defineEndpoint, type Row } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import type { OrganizationRow } from '../schema.js';
import { findOrganization, requireMembership, targetOrganizationId } from '../shared.js';
import { can } from '../roles.js';

/** POST /organization/update: for roles holding organization:update (owner, admin by default). */
export const updateOrganization = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/update',
    requireSession: true,
    body: z.object({
      data: z.object({
        name: z.string().trim().min(1).max(255).optional(),
        slug: z.string().trim().min(1).max(255).optional(),
        logo: z.string().max(10_000).nullish(),
        metadata: z.record(z.string(), z.unknown()).nullish(),
      }),
      organizationId: z.string().optional(),
    }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const { organization, member } = await requireMembership(auth, organizationId, c.session.user.id);
      if (!(await can(auth, o, member, { organization: ['update'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION');

      const changes: Row = {};
      for (const key of ['name', 'slug', 'logo', 'metadata'] as const) {
        if (body.data[key] !== undefined) changes[key] = body.data[key];
      }
      if (!Object.keys(changes).length) return organization;
      if (body.data.slug && body.data.slug !== organization.slug && (await findOrganization(auth, { slug: body.data.slug }))) {
        throw orgError('BAD_REQUEST', 'ORGANIZATION_ALREADY_EXISTS');
      }
      try {
        const updated = await auth.adapter.update<OrganizationRow>('organization', [{ field: 'id', value: organization.id }], changes);
        return updated ?? organization;
      } catch (e) {
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) throw orgError('BAD_REQUEST', 'ORGANIZATION_ALREADY_EXISTS');
        throw e;
      }
    },
  });
