import { z } from 'zod';
import { defineEndpoint, type UserRow } from '../../../kit.js';
import { orgError } from '../errors.js';
import type { InvitationRow } from '../schema.js';
import { findMember, findOrganization, isOpen } from '../shared.js';

/**
 * GET /organization/invitation-preview?id=: what the invitation page shows before its reader
 * signs in (organization name, inviter's name, role), so that they know what they sign up for.
 * No session needed: the id is the capability the mail carried. It says nothing more (no
 * address, no other invitation), and only while the invitation can still be accepted; any other
 * id, used, expired or whose inviter left, is "not found" alike.
 */
export const invitationPreview = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/invitation-preview',
    query: z.object({ id: z.string().min(1).max(200) }),
    async handler(c) {
      const { auth } = c;
      const invitation = await auth.adapter.findOne<InvitationRow>('invitation', [{ field: 'id', value: c.query.id }]);
      if (!invitation || !isOpen(auth, invitation)) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
      const organization = await findOrganization(auth, { id: invitation.organizationId });
      const inviter = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: invitation.inviterId }]);
      if (!organization || !inviter || !(await findMember(auth, organization.id, inviter.id))) {
        throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
      }
      return { organizationName: organization.name, inviterName: inviter.name, role: invitation.role };
    },
  });
