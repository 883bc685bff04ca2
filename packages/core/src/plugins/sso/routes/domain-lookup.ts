import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { requiringProvider } from '../require.js';
import { resolveProvider } from '../routing.js';

/**
 * POST /sso/domain-lookup {email} (public; Gatehouse's): whether the address's domain signs in
 * with SSO, for an email-first sign-in form ("Continue with SSO"). It reads the domain only, never
 * the account: the same answer for every address of a domain, as better-auth's and Clerk's
 * email-first forms reveal. `required`: the domain's organization requires SSO (no other way in).
 */
export const domainLookup = defineEndpoint({
  method: 'POST',
  path: '/sso/domain-lookup',
  body: z.object({ email: z.string().min(3).max(320) }),
  async handler(c) {
    const email = c.body.email.trim().toLowerCase();
    const at = email.lastIndexOf('@');
    if (at < 1 || at === email.length - 1) return { sso: false, required: false };
    const provider = await resolveProvider(c.auth, { email });
    if (!provider) return { sso: false, required: false };
    return { sso: true, required: (await requiringProvider(c.auth, email)) !== null };
  },
});
