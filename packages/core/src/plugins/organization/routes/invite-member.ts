import { z } from 'zod';
import { defineEndpoint, fail, isEmail, normalizeEmail, type UserRow } from '../../../kit.js';
import { roleExists } from '../access.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { sendInvitationMail } from '../mail.js';
import type { InvitationRow } from '../schema.js';
import { findMember, isOpen, isOwnerRole, requireMembership, targetOrganizationId } from '../shared.js';
import { beyondCaller, can, rolesIn } from '../roles.js';
import { requireTeamsOf } from '../teams.js';

/**
 * POST /organization/invite-member: needs invitation:create; only an owner may
 * invite an owner, and (custom roles on) nobody invites with a role granting more than they hold.
 * With teams, `teamId` names the teams the invitee joins on accepting.
 * A pending invitation to the same address is refused, or with
 * `resend` extended and mailed again.
 */
export const inviteMember = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/invite-member',
    requireSession: true,
    body: z.object({
      email: z.string().min(1),
      role: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).transform((r) => (Array.isArray(r) ? r.join(',') : r)),
      organizationId: z.string().optional(),
      resend: z.boolean().optional(),
      /** Teams (of this organization) the invitee joins on accepting; one id or several. */
      teamId: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    }),
    async handler(c) {
      const { auth, body } = c;
      const inviter = c.session.user;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const { organization, member } = await requireMembership(auth, organizationId, inviter.id);
      if (!(await can(auth, o, member, { invitation: ['create'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION');
      const roles = await rolesIn(auth, o, organizationId);
      if (!roleExists(roles, body.role)) throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');
      if (isOwnerRole(o, body.role) && !isOwnerRole(o, member.role)) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
      if (!isOwnerRole(o, member.role) && beyondCaller(o, roles, member, body.role).length) {
        throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
      }
      const teamIds = body.teamId === undefined ? [] : [...new Set(Array.isArray(body.teamId) ? body.teamId : [body.teamId])];
      if (teamIds.length) await requireTeamsOf(auth, o, organizationId, teamIds);
      const email = normalizeEmail(body.email);
      if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');

      const invitee = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
      if (invitee && (await findMember(auth, organizationId, invitee.id))) {
        throw orgError('BAD_REQUEST', 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
      }
      const expiresAt = new Date(auth.now() + o.invitationExpiresIn * 1000);
      const pending = (
        await auth.adapter.findMany<InvitationRow>('invitation', {
          where: [
            { field: 'organizationId', value: organizationId },
            { field: 'email', value: email },
            { field: 'status', value: 'pending' },
          ],
        })
      ).find((i) => isOpen(auth, i));
      if (pending) {
        if (!body.resend) throw orgError('BAD_REQUEST', 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION');
        const renewed = (await auth.adapter.update<InvitationRow>('invitation', [{ field: 'id', value: pending.id }], { expiresAt })) ?? pending;
        await sendInvitationMail(auth, { invitation: renewed, organization, inviter, invitee, acceptLanguage: c.headers.get('accept-language') });
        return renewed;
      }

      const invitation = await auth.adapter.create<InvitationRow>('invitation', {
        organizationId,
        email,
        role: body.role,
        status: 'pending',
        inviterId: inviter.id,
        expiresAt,
        ...(teamIds.length ? { teamId: teamIds.join(',') } : {}),
      });
      if (!invitation) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION');
      try {
        await sendInvitationMail(auth, { invitation, organization, inviter, invitee, acceptLanguage: c.headers.get('accept-language') });
      } catch (e) {
        // An invitation nobody was told about would only block a retry: drop it.
        await auth.adapter.delete('invitation', [{ field: 'id', value: invitation.id }]);
        throw e;
      }
      return invitation;
    },
  });
