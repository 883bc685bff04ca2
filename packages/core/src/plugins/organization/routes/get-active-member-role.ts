import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import { findMember, findOrganization, targetOrganizationId } from '../shared.js';

/**
 * GET /organization/get-active-member-role?userId&organizationId|organizationSlug: the role
 * of the caller (or, for a fellow member, of `userId`) in the organization, default the
 * active one. Only members ask, and only about members: 403 otherwise, whether or not the
 * organization exists (as better-auth 1.7 answers).
 */
export const getActiveMemberRole = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/get-active-member-role',
    requireSession: true,
    query: z.object({ userId: z.string().min(1).optional(), organizationId: z.string().min(1).optional(), organizationSlug: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, query } = c;
      let organizationId: string;
      if (query.organizationSlug && !query.organizationId) {
        const organization = await findOrganization(auth, { slug: query.organizationSlug });
        if (!organization) throw orgError('BAD_REQUEST', 'ORGANIZATION_NOT_FOUND');
        organizationId = organization.id;
      } else {
        organizationId = targetOrganizationId(c, query.organizationId);
      }
      const caller = await findMember(auth, organizationId, c.session.user.id);
      if (!caller) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      if (!query.userId || query.userId === caller.userId) return { role: caller.role };
      const other = await findMember(auth, organizationId, query.userId);
      if (!other) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      return { role: other.role };
    },
  });
