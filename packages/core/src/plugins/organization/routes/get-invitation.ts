import { z } from 'zod';
import { defineEndpoint, type UserRow } from '../../../kit.js';
import { orgError } from '../errors.js';
import { requireRecipient } from '../invitations.js';
import { findMember, findOrganization } from '../shared.js';

/**
 * GET /organization/get-invitation?id=: for its recipient only, whatever its
 * status (the app's page says "This invitation is accepted"); a pending one
 * whose inviter has left is refused. Besides the inviter's email, their name (null when they
 * have none, or are gone), for the page's "Ada Lovelace invited you to Acme Robotics as Admin".
 */
export const getInvitation = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/get-invitation',
    requireSession: true,
    query: z.object({ id: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const invitation = await requireRecipient(c, c.query.id);
      const organization = await findOrganization(auth, { id: invitation.organizationId });
      if (!organization) throw orgError('BAD_REQUEST', 'ORGANIZATION_NOT_FOUND');
      const inviter = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: invitation.inviterId }]);
      if (invitation.status === 'pending' && (!inviter || !(await findMember(auth, organization.id, inviter.id)))) {
        throw orgError('BAD_REQUEST', 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
      }
      // inviterName: Gatehouse's own (better-auth 1.7 answers inviterEmail only; its client ignores the extra field).
      return {
        ...invitation,
        organizationName: organization.name,
        organizationSlug: organization.slug,
        inviterEmail: inviter?.email ?? null,
        inviterName: inviter?.name || null,
      };
    },
  });
