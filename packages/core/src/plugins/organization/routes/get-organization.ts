import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { organizationOfMember } from '../shared.js';

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
      return organizationOfMember(c, c.query);
    },
  });
