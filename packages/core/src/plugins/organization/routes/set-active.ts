import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import type { OrganizationConfig } from '../config.js';
import type { OrganizationRow } from '../schema.js';
import { activeOrganizationId, findMember, findOrganization, fullOrganization, setActiveOrganization } from '../shared.js';

/**
 * POST /organization/set-active: `organizationId: null` clears the active
 * organization; neither field leaves it as it is. Answers the full organization or null.
 */
// With teams, another organization leaves no team active.
const teamsOn = (o: OrganizationConfig) => (o.teams.enabled ? { activeTeamId: null } : undefined);

export const setActive = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/set-active',
    changesSession: true,
    requireSession: true,
    body: z.object({ organizationId: z.string().min(1).nullish(), organizationSlug: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, body } = c;
      if (body.organizationId === null) {
        await setActiveOrganization(c, null, teamsOn(o));
        return null;
      }
      let organization: OrganizationRow | null;
      if (body.organizationId || body.organizationSlug) {
        organization = await findOrganization(auth, body.organizationId ? { id: body.organizationId } : { slug: body.organizationSlug });
      } else {
        const current = activeOrganizationId(c);
        if (!current) return null;
        organization = await findOrganization(auth, { id: current });
      }
      if (!organization) throw orgError('BAD_REQUEST', 'ORGANIZATION_NOT_FOUND');
      if (!(await findMember(auth, organization.id, c.session.user.id))) {
        throw orgError('FORBIDDEN', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      }
      if (organization.id !== activeOrganizationId(c)) await setActiveOrganization(c, organization.id, teamsOn(o));
      return fullOrganization(auth, organization, o);
    },
  });
