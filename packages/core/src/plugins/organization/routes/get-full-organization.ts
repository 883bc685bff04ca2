import { z } from 'zod';
import { defineEndpoint } from '../../../endpoint.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { activeOrganizationId, findMember, findOrganization, fullOrganization } from '../shared.js';

/**
 * GET /organization/get-full-organization: by id or slug, else the active one
 * (null when there is none); members with their users, invitations and (teams on) teams.
 */
export const getFullOrganization = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/get-full-organization',
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
      return fullOrganization(auth, organization, o);
    },
  });
