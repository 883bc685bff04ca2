import { auth } from '../../auth';
import { useServerInfo } from '../../lib/providers';
import { useServerQuery } from '../../lib/server-state';
import { ORGANIZATION_ROLES } from './roles';

/**
 * The roles a picker offers in an organization: the built-in ones and, when the server has
 * custom roles on, the organization's own (as far as the person may read them).
 */
export function useOrganizationRoles(organizationId: string): ReadonlyArray<{ value: string; label: string }> {
  const { features } = useServerInfo();
  const roles = useServerQuery(features.organizationRoles ? `roles:${organizationId}` : null, () => auth.organization.listRoles({ organizationId }));
  // (`?.`: a test may stand in a query hook that answers nothing.)
  const custom = (roles?.data ?? []).map((r) => ({ value: r.role, label: r.role }));
  return custom.length ? [...ORGANIZATION_ROLES, ...custom] : ORGANIZATION_ROLES;
}
