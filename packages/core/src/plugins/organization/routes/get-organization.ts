import { z } from 'zod';
import { defineEndpoint } from '../../../endpoint.js';
import { orgError } from '../errors.js';
import { activeOrganizationId, findMember, findOrganization } from '../shared.js';

/**
 * GET /organization/get-organization?organizationId|organizationSlug: the organization alone
 * (better-auth 1.7's `organization.getOrganization`), by id or slug, else the active one (null
 * when there is none); only to its members, as get-full-organization.
 */
export const getOrganization = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/get-organization',
    requireSession: true,
    query: z.object({ organizationId: z.string().optional(), organizationSlug: z.string().optional() }),
    async handler(c) {
      const { auth, query } = c;
      const id = query.organizationId ?? (query.organizationSlug ? undefined : activeOrganizationId(c));
      if (!id && !query.organizationSlug) return null;
      const organization = await findOrganization(auth, id ? { id } : { slug: query.organizationSlug });
      if (!organization) throw orgError('BAD_REQUEST', 'ORGANIZATION_NOT_FOUND');
      if (!(await findMember(auth, organization.id, c.session.user.id))) {
        throw orgError('FORBIDDEN', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      }
      return organization;
    },
  });
