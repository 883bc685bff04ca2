import { defineEndpoint, normalizeEmail, type UserRow } from '../../../kit.js';
import { orgError } from '../errors.js';
import type { InvitationRow, OrganizationRow } from '../schema.js';
import { isOpen } from '../shared.js';

/**
 * GET /organization/list-user-invitations: the invitations still open (pending, not
 * expired) that were sent to the caller's address, each with its organization's name
 * and slug and its inviter's email (better-auth 1.7's answer plus those two).
 * Refused while that address is unverified: whoever typed an address at sign-up has
 * not shown it is theirs, and the list would tell them which organizations invited it.
 */
export const listUserInvitations = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-user-invitations',
    requireSession: true,
    async handler(c) {
      const { auth } = c;
      const user = c.session.user;
      if (!user.emailVerified) throw orgError('FORBIDDEN', 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
      const invitations = (
        await auth.adapter.findMany<InvitationRow>('invitation', {
          where: [
            { field: 'email', value: normalizeEmail(user.email) },
            { field: 'status', value: 'pending' },
          ],
          sortBy: { field: 'createdAt', direction: 'asc' },
        })
      ).filter((i) => isOpen(auth, i));
      if (!invitations.length) return [];
      const [organizations, inviters] = await Promise.all([
        auth.adapter.findMany<OrganizationRow>('organization', {
          where: [{ field: 'id', value: [...new Set(invitations.map((i) => i.organizationId))], operator: 'in' }],
        }),
        auth.adapter.findMany<UserRow>('user', {
          where: [{ field: 'id', value: [...new Set(invitations.map((i) => i.inviterId))], operator: 'in' }],
        }),
      ]);
      const orgById = new Map(organizations.map((o) => [o.id, o]));
      const emailById = new Map(inviters.map((u) => [u.id, u.email]));
      return invitations.flatMap((i) => {
        const organization = orgById.get(i.organizationId);
        if (!organization) return [];
        return [{ ...i, organizationName: organization.name, organizationSlug: organization.slug, inviterEmail: emailById.get(i.inviterId) ?? null }];
      });
    },
  });
