import { defineEndpoint } from '../../../kit.js';
import { isAdminRole, type ProviderRow, providerItem } from '../store.js';

/** GET /sso/providers (signed in): the providers the caller manages (their organizations' as owner or admin, and their own). */
export const listProviders = defineEndpoint({
  method: 'GET',
  path: '/sso/providers',
  requireSession: true,
  async handler(c) {
    const { auth } = c;
    const userId = c.session.user.id;
    const memberships = await auth.adapter.findMany<{ organizationId: string; role: string }>('member', { where: [{ field: 'userId', value: userId }] });
    const adminOf = memberships.filter((m) => isAdminRole(m.role)).map((m) => m.organizationId);
    const own = await auth.adapter.findMany<ProviderRow>('ssoProvider', { where: [{ field: 'userId', value: userId }] });
    const orgs = adminOf.length
      ? await auth.adapter.findMany<ProviderRow>('ssoProvider', { where: [{ field: 'organizationId', value: adminOf, operator: 'in' }] })
      : [];
    const seen = new Set<string>();
    const providers = [...own.filter((p) => !p.organizationId), ...orgs].filter((p) => !seen.has(p.id) && seen.add(p.id)).map((p) => providerItem(auth, p));
    return { providers };
  },
});
