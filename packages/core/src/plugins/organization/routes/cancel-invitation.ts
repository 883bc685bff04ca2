import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import type { InvitationRow } from '../schema.js';
import { requireMembership } from '../shared.js';
import { can } from '../roles.js';

/** POST /organization/cancel-invitation: a member holding invitation:cancel withdraws a pending invitation. */
export const cancelInvitation = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/cancel-invitation',
    requireSession: true,
    body: z.object({ invitationId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const invitation = await auth.adapter.findOne<InvitationRow>('invitation', [{ field: 'id', value: c.body.invitationId }]);
      if (!invitation) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
      const { member } = await requireMembership(auth, invitation.organizationId, c.session.user.id);
      if (!(await can(auth, o, member, { invitation: ['cancel'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION');
      if (invitation.status !== 'pending') throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
      return auth.adapter.update<InvitationRow>('invitation', [{ field: 'id', value: invitation.id }], { status: 'canceled' });
    },
  });
