import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import { requireAnswerable } from '../invitations.js';
import type { InvitationRow } from '../schema.js';

/** POST /organization/reject-invitation: the recipient declines; nothing else changes. */
export const rejectInvitation = () =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/reject-invitation',
    requireSession: true,
    body: z.object({ invitationId: z.string().min(1) }),
    async handler(c) {
      const invitation = await requireAnswerable(c, c.body.invitationId);
      const rejected = await c.auth.adapter.update<InvitationRow>(
        'invitation',
        [
          { field: 'id', value: invitation.id },
          { field: 'status', value: 'pending' },
        ],
        { status: 'rejected' },
      );
      if (!rejected) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
      return { invitation: rejected, member: null };
    },
  });
