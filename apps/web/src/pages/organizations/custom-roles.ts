import { useServerInfo } from '../../lib/providers';
import { queries } from '../../lib/queries';
import { ORGANIZATION_ROLES } from './roles';
import { useQuery } from '@tanstack/react-query';

/**
 * The roles a picker offers in an organization: the built-in ones and, when the server has
 * custom roles on, the organization's own (as far as the person may read them).
 */
export function useOrganizationRoles(organizationId: string): ReadonlyArray<{ value: string; label: string }> {
  const { features } = useServerInfo();
  const roles = useQuery({ ...queries.roles(organizationId), enabled: features.organizationRoles });
  const custom = (roles.data ?? []).map((r) => ({ value: r.role, label: r.role }));
  return custom.length ? [...ORGANIZATION_ROLES, ...custom] : ORGANIZATION_ROLES;
}
