import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import { findMember, targetOrganizationId, withUsers } from '../shared.js';

/** GET /organization/get-active-member: the caller's membership of the active organization. */
export const getActiveMember = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/get-active-member',
    requireSession: true,
    async handler(c) {
      const organizationId = targetOrganizationId(c, undefined);
      const member = await findMember(c.auth, organizationId, c.session.user.id);
      if (!member) throw orgError('BAD_REQUEST', 'MEMBER_NOT_FOUND');
      const [withUser] = await withUsers(c.auth, [member]);
      return withUser ?? member;
    },
  });
