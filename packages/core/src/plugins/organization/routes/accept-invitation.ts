import { z } from 'zod';
import { defineEndpoint } from '../../../endpoint.js';
import { APIError } from '../../../errors.js';
import { orgError } from '../errors.js';
import { requireAnswerable, requireInviterStillMember } from '../invitations.js';
import type { InvitationRow, MemberRow } from '../schema.js';
import { findMember, setActiveOrganization } from '../shared.js';

/**
 * POST /organization/accept-invitation: the recipient becomes a member with the
 * invited role, and the organization becomes the session's active one.
 */
export const acceptInvitation = () =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/accept-invitation',
    changesSession: true,
    requireSession: true,
    body: z.object({ invitationId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const user = c.session.user;
      const invitation = await requireAnswerable(c, c.body.invitationId);
      await requireInviterStillMember(c, invitation);
      if (await findMember(auth, invitation.organizationId, user.id)) {
        throw orgError('BAD_REQUEST', 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
      }
      let result: { invitation: InvitationRow; member: MemberRow };
      try {
        result = await auth.adapter.transaction(async (trx) => {
          // Conditional on "still pending": of two racing answers, one wins.
          const accepted = await trx.update<InvitationRow>(
            'invitation',
            [
              { field: 'id', value: invitation.id },
              { field: 'status', value: 'pending' },
            ],
            { status: 'accepted' },
          );
          if (!accepted) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
          const member = await trx.create<MemberRow>('member', { organizationId: invitation.organizationId, userId: user.id, role: invitation.role });
          if (!member) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
          return { invitation: accepted, member };
        });
      } catch (e) {
        // A membership added meanwhile by a racing request: one per user and organization.
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) {
          throw orgError('BAD_REQUEST', 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
        }
        throw e;
      }
      await setActiveOrganization(c, invitation.organizationId);
      return result;
    },
  });
