import { z } from 'zod';
import { answerOf, memberRoles, organizationSeam, type Row } from '../../../kit.js';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** One membership as the admin's user page lists it. */
export interface UserOrganization {
  organizationId: string;
  name: string;
  slug: string;
  /** The member's role, as a member row holds it: one, or several comma-separated (custom roles by their name). */
  role: string;
  /** When they joined. */
  joinedAt: Date;
}

/**
 * GET /admin/list-user-organizations?userId=: the organizations the user is a member of, with
 * their roles and when they joined, oldest first; `[]` when the organization capability is off
 * (its seam is unset: there are no memberships). Admins only; 404 USER_NOT_FOUND. The rows are
 * read through the adapter (the organization plugin's tables `member` and `organization`), never
 * through that plugin's code.
 */
export const listUserOrganizations = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'GET',
    path: '/admin/list-user-organizations',
    answer: answerOf<{ organizations: UserOrganization[] }>(),
    query: z.object({ userId: z.string().min(1).max(200) }),
    async handler(c) {
      const { auth } = c;
      const user = await requireUser(auth, c.query.userId);
      if (!organizationSeam.find(auth)) return { organizations: [] };
      const members = await auth.adapter.findMany<Row>('member', {
        where: [{ field: 'userId', value: user.id }],
        sortBy: { field: 'createdAt', direction: 'asc' },
      });
      if (!members.length) return { organizations: [] };
      const ids = [...new Set(members.map((m) => String(m.organizationId)))];
      const organizations = await auth.adapter.findMany<Row>('organization', { where: [{ field: 'id', operator: 'in', value: ids }] });
      const byId = new Map(organizations.map((org) => [String(org.id), org]));
      return {
        organizations: members.flatMap((m) => {
          const org = byId.get(String(m.organizationId));
          if (!org) return [];
          return [
            {
              organizationId: String(org.id),
              name: String(org.name),
              slug: String(org.slug),
              role: memberRoles(typeof m.role === 'string' ? m.role : null).join(','),
              joinedAt: m.createdAt as Date,
            },
          ];
        }),
      };
    },
  });
