import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { fullOrganization, organizationOfMember } from '../shared.js';

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
      const organization = await organizationOfMember(c, c.query);
      return organization ? fullOrganization(c.auth, organization, o) : null;
    },
  });
