import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import { findOrganization } from '../shared.js';

/** POST /organization/check-slug: lets the create form tell a taken slug early. */
export const checkSlug = () =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/check-slug',
    requireSession: true,
    body: z.object({ slug: z.string().trim().min(1).max(255) }),
    async handler(c) {
      if (await findOrganization(c.auth, { slug: c.body.slug })) throw orgError('BAD_REQUEST', 'ORGANIZATION_ALREADY_EXISTS');
      return { status: true };
    },
  });
